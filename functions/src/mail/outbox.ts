/**
 * The outbox (`/outbox/{messageId}`, docs/email.md). A state change that causes an e-mail writes the
 * message here in the same atomic multi-path update as the change itself, so the message exists
 * exactly when the change does; delivery (deliver.ts) happens afterwards and records its outcome on
 * the message. Written only by functions; admins read it (the „Poczta” view).
 */
export type MailKind = 'orderPlaced' | 'paymentBooked' | 'orderCancelled' | 'refundApproved' | 'refundTransferred' | 'itemsHandedOut' | 'welcome';

/** Messages a participant may turn off in the settings; order, payment, invoice and refund messages always go. */
export const OPTIONAL_KINDS: ReadonlySet<MailKind> = new Set(['itemsHandedOut', 'welcome']);

/** Message id prefixes: with the id of what caused it, the message id is the same however often the change is written. */
const PREFIX: Record<MailKind, string> = {
  orderPlaced: 'op',
  paymentBooked: 'pb',
  orderCancelled: 'oc',
  refundApproved: 'ra',
  refundTransferred: 'rt',
  itemsHandedOut: 'ho',
  welcome: 'wl',
};

/** `op-<orderId>`; the `-` keeps the key from ever naming a member of a plain object. */
export function messageIdFor(kind: MailKind, subjectId: string): string {
  return `${PREFIX[kind]}-${subjectId}`;
}


export interface MailAttachments {
  /** The invoice PDF, built at delivery from the immutable `/invoices/{uid}/{invoiceId}`. */
  invoice?: { uid: string; invoiceId: string };
  /** The correction invoice PDF, from `/corrections/{uid}/{correctionId}`. */
  correction?: { uid: string; correctionId: string };
  /** A Standard 2D payment line, attached as an inline GIF (`cid:payment-qr`). */
  paymentQr?: string;
}

export type DeliveryStatus = 'sending' | 'sent' | 'failed' | 'skipped';

export interface DeliveryError {
  /** Stable code: smtp-unavailable, smtp-refused, address-rejected, too-large, not-configured, attachment, internal. */
  code: string;
  /** Polish, for the „Poczta” view. */
  message: string;
  /** The server's or library's own words (English), for whoever fixes it. */
  detail: string;
  /** Retrying cannot help (a refused address, a message too large): only a manual „Wyślij ponownie” tries again. */
  permanent: boolean;
  at: number;
}

/** What a state change writes. Delivery state is absent until the first attempt: absent `status` = waiting. */
export interface OutboxContent {
  kind: MailKind;
  /** false for the messages a participant may turn off. */
  essential: boolean;
  uid: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachments;
  /** The order, correction or hand-out the message is about (for the admin list). */
  ref?: string;
  createdAt: number;
}

export interface OutboxMessage extends OutboxContent {
  status?: DeliveryStatus;
  /** `opt-out`: the participant turned this kind of message off; it is never sent. */
  skippedReason?: 'opt-out';
  attempts?: number;
  lastAttemptAt?: number;
  /** When the automatic retry may try again (after a failure that may pass). */
  nextAttemptAt?: number;
  claim?: { token: string; at: number };
  error?: DeliveryError;
  sentAt?: number;
  smtpResponse?: string;
}

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
