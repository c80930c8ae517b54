/**
 * The messages the state changes cause, ready to be written with them (outbox.ts), and the one call a
 * callable makes: `commitWithMail(updates, mail)` — the callable's own final multi-path update with
 * the message added to it, then delivery. The callables stay as they were otherwise.
 */
import {
  eventFieldsSchema,
  mailPrefsSchema,
  PAYMENT_PROVIDER_ACTOR,
  profileSchema,
  sellerSchema,
  uidSchema,
  type EventSettings,
  type Invoice,
  type Order,
  type PickupItem,
} from '../domain/index.js';
import type { CorrectionInvoice, RefundTransfer } from '../domain/refunds.js';
import { z } from 'zod';
import { paymentQrPayload } from '../domain/paymentQr.js';
import { db } from '../lib/admin.js';
import { readStored } from '../lib/stored.js';
import { mailConfig } from './config.js';
import { deliverAfterCommit } from './deliver.js';
import {
  OPTIONAL_KINDS,
  messageIdFor,
  outboxUpdates,
  type MailAttachments,
  type MailKind,
  type PreparedMail,
} from './outbox.js';
import * as templates from './templates.js';

async function eventOf(): Promise<Pick<EventSettings, 'name' | 'seller'> | null> {
  const [name, seller] = await Promise.all([
    readStored('event/name', eventFieldsSchema.shape.name, 'nazwa wydarzenia'),
    readStored('event/seller', sellerSchema, 'dane sprzedawcy'),
  ]);
  return name === null || seller === null ? null : { name, seller };
}

async function prepare(
  kind: MailKind,
  subjectId: string,
  input: { uid: string; to: string; rendered: templates.Rendered; attachments?: MailAttachments; ref?: string },
): Promise<PreparedMail> {
  const optional = OPTIONAL_KINDS.has(kind);
  const prefs = optional ? await readStored(`mailPrefs/${input.uid}`, mailPrefsSchema, 'ustawienia poczty') : null;
  return {
    id: messageIdFor(kind, subjectId),
    optedOut: optional && prefs?.optional === false,
    content: {
      kind,
      essential: !optional,
      uid: input.uid,
      to: input.to,
      subject: input.rendered.subject,
      text: input.rendered.text,
      html: input.rendered.html,
      ...(input.attachments ? { attachments: input.attachments } : {}),
      ...(input.ref ? { ref: input.ref } : {}),
      createdAt: Date.now(),
    },
  };
}

function context(event: Pick<EventSettings, 'name'> | null): templates.MailContext {
  return { eventName: event?.name ?? 'Panel Uczestnika', appUrl: mailConfig().appUrl };
}

async function profileEmail(uid: string): Promise<string | null> {
  return readStored(`profiles/${uid}/email`, profileSchema.shape.email, 'adres e-mail');
}

export async function orderPlacedMail(orderId: string, order: Order): Promise<PreparedMail> {
  const event = await eventOf();
  const seller = event?.seller ?? null;
  const qr =
    seller && order.status === 'pending'
      ? paymentQrPayload({
          nip: seller.nip,
          bankAccount: seller.bankAccount,
          amountGrosze: order.totals.gross,
          recipientName: seller.name,
          title: order.number,
        })
      : null;
  const rendered = templates.orderPlacedMail(context(event), { order, seller, payBy: order.payBy, hasQr: qr !== null });
  return prepare('orderPlaced', orderId, {
    uid: order.uid,
    to: order.buyer.email,
    rendered,
    attachments: qr ? { paymentQr: qr } : undefined,
    ref: order.number,
  });
}

export async function paymentBookedMail(
  orderId: string,
  order: Order,
  invoice: Pick<Invoice, 'number' | 'totals'>,
  invoiceId: string,
  pickupItems: number,
  ksefQueued = false,
): Promise<PreparedMail> {
  const rendered = templates.paymentBookedMail(context(await eventOf()), {
    order,
    invoice,
    invoiceId,
    pickupItems,
    ksefQueued,
  });
  return prepare('paymentBooked', orderId, {
    uid: order.uid,
    to: order.buyer.email,
    rendered,
    attachments: { invoice: { uid: order.uid, invoiceId } },
    ref: order.number,
  });
}

export async function orderCancelledMail(
  orderId: string,
  order: Order,
  by: 'owner' | 'admin' | 'expiry',
): Promise<PreparedMail> {
  const rendered = templates.orderCancelledMail(context(await eventOf()), { order, by });
  return prepare('orderCancelled', orderId, { uid: order.uid, to: order.buyer.email, rendered, ref: order.number });
}

/** The e-mail of an approved (or admin-started) refund, with the correction invoice attached. Null when the account has no e-mail (deleted). */
export async function refundApprovedMail(
  correctionId: string,
  correction: CorrectionInvoice,
  ksefQueued = false,
): Promise<PreparedMail | null> {
  const to = await profileEmail(correction.uid);
  if (!to) return null;
  const rendered = templates.refundApprovedMail(context(await eventOf()), { correction, ksefQueued });
  return prepare('refundApproved', correctionId, {
    uid: correction.uid,
    to,
    rendered,
    attachments: { correction: { uid: correction.uid, correctionId } },
    ref: correction.number,
  });
}

/** The e-mail of a refund marked transferred (`/refunds/{orderId}/corrections/{correctionId}` as it is now). */
export async function refundTransferredMail(
  orderId: string,
  correctionId: string,
  transfer: Pick<RefundTransfer, 'number' | 'amount' | 'bankAccount' | 'transferredOn' | 'transferredBy'>,
): Promise<PreparedMail | null> {
  const [uid, orderNumber] = await Promise.all([
    readStored(`refunds/${orderId}/uid`, uidSchema, 'konto zwrotu'),
    readStored(`refunds/${orderId}/orderNumber`, z.string(), 'numer zamówienia zwrotu'),
  ]);
  const to = uid ? await profileEmail(uid) : null;
  if (!uid || !to || !transfer.transferredOn) return null;
  // The payment provider's refund notification marks it transferred (payments/index.ts).
  const refundThrough = transfer.transferredBy === PAYMENT_PROVIDER_ACTOR ? ('przelewy24' as const) : undefined;
  const correction = {
    number: transfer.number,
    orderNumber: orderNumber ?? '',
    refundAmount: transfer.amount,
    refundAccount: transfer.bankAccount,
    refundThrough,
  };
  const rendered = templates.refundTransferredMail(context(await eventOf()), {
    correction,
    transferredOn: transfer.transferredOn,
  });
  return prepare('refundTransferred', correctionId, { uid, to, rendered, ref: transfer.number });
}

/** A hand-out receipt; `handOutId` identifies this one hand-out (e.g. its lock token). */
export async function itemsHandedOutMail(
  uid: string,
  handOutId: string,
  items: Pick<PickupItem, 'label' | 'quantity' | 'memberName'>[],
  at: number,
  byName?: string,
): Promise<PreparedMail | null> {
  const to = await profileEmail(uid);
  if (!to) return null;
  const rendered = templates.itemsHandedOutMail(context(await eventOf()), { items, at, byName });
  return prepare('itemsHandedOut', handOutId, { uid, to, rendered });
}

/**
 * A waiting-list offer: the unit held for the participant until `expiresAt`, with a link to the
 * checkout (the offer puts the ticket into the basket). Null when the account has no e-mail (deleted).
 */
export async function waitingOfferMail(
  entryId: string,
  offer: { uid: string; memberName: string; ticketName: string; expiresAt: number },
): Promise<PreparedMail | null> {
  const to = await profileEmail(offer.uid);
  if (!to) return null;
  const rendered = templates.waitingOfferMail(context(await eventOf()), offer);
  return prepare('waitingOffer', entryId, { uid: offer.uid, to, rendered });
}

/** The offer's time ran out unused (the expiry run): its owner learns the ticket went to the next in line. */
export async function waitingOfferExpiredMail(
  entryId: string,
  lapsed: { uid: string; memberName: string; ticketName: string; expiresAt: number },
): Promise<PreparedMail | null> {
  const to = await profileEmail(lapsed.uid);
  if (!to) return null;
  const rendered = templates.waitingOfferExpiredMail(context(await eventOf()), lapsed);
  return prepare('waitingOfferExpired', entryId, { uid: lapsed.uid, to, rendered });
}

export async function welcomeMail(uid: string, email: string, firstName: string): Promise<PreparedMail> {
  const rendered = templates.welcomeMail(context(await eventOf()), { firstName });
  return prepare('welcome', uid.replace(/[^A-Za-z0-9_-]/g, '_'), { uid, to: email, rendered });
}

/** A KSeF document's PDF as an attachment (invoice or correction, by its id); built at delivery with its KSeF block. */
const documentPdf = (uid: string, documentId: string): MailAttachments =>
  documentId.startsWith('KOR-')
    ? { correction: { uid, correctionId: documentId } }
    : { invoice: { uid, invoiceId: documentId } };

/**
 * KSeF accepted a document (the KSeF runner): the number and KOD I for its owner; for an offline document also KOD II
 * and its PDF with both codes. Null when the account has no e-mail.
 */
export async function ksefAcceptedMail(
  uid: string,
  input: { documentId: string; number: string; ksefNumber: string; kodI: string; offline?: boolean; kodII?: string },
): Promise<PreparedMail | null> {
  const to = await profileEmail(uid);
  if (!to) return null;
  const rendered = templates.ksefAcceptedMail(context(await eventOf()), input);
  const attachments = input.offline ? documentPdf(uid, input.documentId) : undefined;
  return prepare('ksefAccepted', input.documentId, { uid, to, rendered, attachments, ref: input.number });
}

/** A document handed out offline (the KSeF runner): KOD I, KOD II, its deadline and its PDF with the codes for its owner. */
export async function ksefOfflineMail(
  uid: string,
  input: { documentId: string; number: string; kodI: string; kodII?: string; deadline?: string; modeLabel: string },
): Promise<PreparedMail | null> {
  const to = await profileEmail(uid);
  if (!to) return null;
  const rendered = templates.ksefOfflineMail(context(await eventOf()), input);
  const attachments = documentPdf(uid, input.documentId);
  return prepare('ksefOffline', input.documentId, { uid, to, rendered, attachments, ref: input.number });
}

/**
 * The callable's final atomic update with the message(s) written into it — the message exists exactly
 * when the state change does — then delivery, whose failure never fails the callable (the message
 * stays in the outbox with its error and is retried). `afterCommit` runs between the two, for what
 * must follow the update at once rather than after an SMTP round trip.
 */
export async function commitWithMail(
  updates: Record<string, unknown>,
  mail: PreparedMail | null | readonly (PreparedMail | null)[],
  afterCommit?: () => Promise<void>,
): Promise<void> {
  const mails = (Array.isArray(mail) ? mail : [mail]).filter((m): m is PreparedMail => m !== null);
  const all = { ...updates, ...outboxUpdates(mails) };
  if (Object.keys(all).length) await db.ref().update(all);
  await afterCommit?.();
  await deliverAfterCommit(mails.filter((m) => !m.optedOut).map((m) => m.id));
}
