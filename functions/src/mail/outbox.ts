/**
 * The outbox (`/outbox/{messageId}`, docs/email.md). A state change that causes an e-mail writes the
 * message here in the same atomic multi-path update as the change itself, so the message exists
 * exactly when the change does; delivery (deliver.ts) happens afterwards and records its outcome on
 * the message. Written only by functions; admins read it (the „Poczta” view).
 */
import type { MailKind, OutboxContent } from '../domain/mail.js';

export { messageIdFor } from '../domain/mail.js';

export type { DeliveryError, MailAttachments, MailKind, OutboxMessage } from '../domain/mail.js';

/** Messages a participant may turn off in the settings; order, payment, invoice and refund messages always go. */
export const OPTIONAL_KINDS: ReadonlySet<MailKind> = new Set(['itemsHandedOut', 'welcome']);

/** A message ready to be written with a state change. */
export interface PreparedMail {
  id: string;
  content: OutboxContent;
  /** true when the participant turned this kind off: written as `skipped`, never delivered. */
  optedOut: boolean;
}

/**
 * The multi-path update entries of messages: one entry per field, never the whole node, so that
 * writing the same change twice (a repeated cancellation completing a release) cannot reset the
 * delivery state of a message already sent.
 */
export function outboxUpdates(mails: readonly PreparedMail[]): Record<string, unknown> {
  const updates: Record<string, unknown> = {};
  for (const { id, content, optedOut } of mails) {
    for (const [key, value] of Object.entries(content)) if (value !== undefined) updates[`outbox/${id}/${key}`] = value;
    if (optedOut) {
      updates[`outbox/${id}/status`] = 'skipped';
      updates[`outbox/${id}/skippedReason`] = 'opt-out';
    }
  }
  return updates;
}
