/**
 * The stored e-mail shapes (docs/data-model.md `/outbox/{messageId}`, `/mailPrefs/{uid}`; docs/email.md):
 * the functions that write and deliver messages and the web app's „Poczta” view and settings page
 * parse with these.
 */
import { z } from 'zod';
import { keySchema, timestampSchema, uidSchema } from './schemas.js';

const MAIL_KINDS = [
  'orderPlaced',
  'paymentBooked',
  'orderCancelled',
  'refundApproved',
  'refundTransferred',
  'itemsHandedOut',
  'welcome',
  'waitingOffer',
  'waitingOfferExpired',
  'ksefAccepted',
  'ksefOffline',
] as const;
const mailKindSchema = z.enum(MAIL_KINDS);
export type MailKind = z.output<typeof mailKindSchema>;

/** Message id prefixes: with the id of what caused it, the message id is the same however often the change is written. */
const MESSAGE_ID_PREFIXES: Record<MailKind, string> = {
  orderPlaced: 'op',
  paymentBooked: 'pb',
  orderCancelled: 'oc',
  refundApproved: 'ra',
  refundTransferred: 'rt',
  itemsHandedOut: 'ho',
  welcome: 'wl',
  waitingOffer: 'wo',
  waitingOfferExpired: 'we',
  ksefAccepted: 'ka',
  ksefOffline: 'ko',
};

/** `op-<orderId>`; the `-` keeps the key from ever naming a member of a plain object. */
export function messageIdFor(kind: MailKind, subjectId: string): string {
  return `${MESSAGE_ID_PREFIXES[kind]}-${subjectId}`;
}

/** Key of an `/outbox` message as `messageIdFor` builds it, for every kind of message. */
export const messageIdSchema = z
  .string()
  .regex(
    new RegExp(`^(${Object.values(MESSAGE_ID_PREFIXES).join('|')})-[A-Za-z0-9_-]{1,160}$`),
    'Nieprawidłowy identyfikator wiadomości',
  );

const mailAttachmentsSchema = z.strictObject({
  /** The invoice PDF, built at delivery from the immutable `/invoices/{uid}/{invoiceId}`. */
  invoice: z.strictObject({ uid: uidSchema, invoiceId: keySchema }).optional(),
  /** The correction invoice PDF, from `/corrections/{uid}/{correctionId}`. */
  correction: z.strictObject({ uid: uidSchema, correctionId: keySchema }).optional(),
  /** A Standard 2D payment line, attached as an inline GIF (`cid:payment-qr`). */
  paymentQr: z.string().optional(),
});
export type MailAttachments = z.output<typeof mailAttachmentsSchema>;

const deliveryErrorSchema = z.strictObject({
  /** Stable code: smtp-unavailable, smtp-refused, address-rejected, too-large, not-configured, attachment, internal. */
  code: z.string(),
  /** Polish, for the „Poczta” view. */
  message: z.string(),
  /** The server's or library's own words (English), for whoever fixes it. */
  detail: z.string(),
  /** Retrying cannot help (a refused address, a message too large): only a manual „Wyślij ponownie” tries again. */
  permanent: z.boolean(),
  at: timestampSchema,
});
export type DeliveryError = z.output<typeof deliveryErrorSchema>;

/** What a state change writes. Delivery state is absent until the first attempt: absent `status` = waiting. */
const outboxContentFields = {
  kind: mailKindSchema,
  /** false for the messages a participant may turn off. */
  essential: z.boolean(),
  uid: uidSchema,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: mailAttachmentsSchema.optional(),
  /** The order, correction or hand-out the message is about (for the admin list). */
  ref: z.string().optional(),
  createdAt: timestampSchema,
};
export type OutboxContent = z.output<z.ZodObject<typeof outboxContentFields>>;

const deliveryStatusSchema = z.enum(['sending', 'sent', 'failed', 'skipped']);

/** `/outbox/{messageId}`: the message and its delivery state. */
export const outboxMessageSchema = z.strictObject({
  ...outboxContentFields,
  status: deliveryStatusSchema.optional(),
  /** `opt-out`: the participant turned this kind of message off; it is never sent. */
  skippedReason: z.literal('opt-out').optional(),
  attempts: z.int().min(0).optional(),
  lastAttemptAt: z.optional(timestampSchema),
  /** When the automatic retry may try again (after a failure that may pass). */
  nextAttemptAt: z.optional(timestampSchema),
  claim: z.strictObject({ token: z.string(), at: timestampSchema }).optional(),
  error: deliveryErrorSchema.optional(),
  sentAt: z.optional(timestampSchema),
  smtpResponse: z.string().optional(),
});
export type OutboxMessage = z.output<typeof outboxMessageSchema>;

/** `/mailPrefs/{uid}`: written by the participant's settings page (rules validate it). */
export const mailPrefsSchema = z.strictObject({
  /** false: no welcome and hand-out messages. Absent = true. */
  optional: z.boolean().optional(),
  updatedAt: z.optional(timestampSchema),
});
