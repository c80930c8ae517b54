/**
 * Delivery of outbox messages through SMTP (nodemailer), idempotent per message id:
 * 1. a transaction claims the message (`status: sending` with a token) — only a message that is
 *    waiting, failed, or whose claim is stale (its sender died) can be claimed, and a sent message never;
 * 2. the message is sent with the Message-ID `<messageId@domain>` (the same on every attempt, so a mail
 *    program that receives a retry of a message whose acknowledgement was lost shows it once);
 * 3. a transaction records the outcome, only while the claim is still this attempt's.
 * A failure keeps the message with its error; a failure that may pass (server down, 4xx) is retried
 * automatically with growing pauses, one that cannot (address refused, message too large) only by an
 * admin's „Wyślij ponownie”. Details in docs/email.md.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { logger } from 'firebase-functions/v2';
import type { Transporter } from 'nodemailer';
import type { z } from 'zod';
import { invoiceSchema, outboxMessageSchema, parseWith } from '../domain/index.js';
import { correctionInvoiceSchema } from '../domain/refundSchemas.js';
import type { PdfFonts } from '../domain/pdf/invoicePdf.js';
import { ksefOfflineSchema } from '../domain/ksef/offline.js';
import { ksefPdfBlock } from '../domain/ksef/pdfBlock.js';
import { ksefRecordSchema } from '../domain/ksef/record.js';
import type { PdfKodI } from '../domain/pdf/kodI.js';
import type { MailDeliveryStatus } from '../domain/callables.js';
import { db } from '../lib/admin.js';
import { readStored } from '../lib/stored.js';
import { timeBudget } from '../lib/timeBudget.js';
import { KEEP, transactStored } from '../lib/tx.js';
import { mailConfig } from './config.js';
import type { DeliveryError, OutboxMessage } from './outbox.js';
import { PAYMENT_QR_CID } from './templates.js';

/** A claim older than this belongs to a sender that died (nodemailer's own timeouts end far sooner). */
const SEND_CLAIM_TTL_MS = 2 * 60_000;
/** Automatic attempts before a failure that may pass is left to the admin. */
const MAX_AUTOMATIC_ATTEMPTS = 8;

/** Pause before the next automatic attempt: 1, 2, 4 … minutes, at most an hour. */
function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

export type DeliveryOutcome = { messageId: string; status: MailDeliveryStatus; error?: DeliveryError };

// nodemailer, jsPDF and the QR library are loaded on the first delivery, not when a function
// instance starts: every callable imports this module, and most never send anything.
let transport: { url: string; transporter: Transporter } | null = null;
async function transporter(url: string): Promise<Transporter> {
  if (transport?.url !== url) {
    const { default: nodemailer } = await import('nodemailer');
    transport = {
      url,
      transporter: nodemailer.createTransport(url, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as never),
    };
  }
  return transport.transporter;
}

let fonts: PdfFonts | null = null;
/** Liberation Sans from functions/assets/fonts (deployed with the functions; src/ is not). */
function pdfFonts(): PdfFonts {
  fonts ??= {
    regular: readFileSync(new URL('../../assets/fonts/LiberationSans-Regular.ttf', import.meta.url)).toString('base64'),
    bold: readFileSync(new URL('../../assets/fonts/LiberationSans-Bold.ttf', import.meta.url)).toString('base64'),
  };
  return fonts;
}

class AttachmentError extends Error {}

/** The stored document an attachment is made from, parsed; missing or malformed → an attachment error (the message waits for a retry). */
async function readAttachmentRecord<S extends z.core.$ZodType>(path: string, schema: S): Promise<z.output<S>> {
  const value: unknown = (await db.ref(path).get()).val();
  if (value === null) throw new AttachmentError(`/${path} not found`);
  const parsed = parseWith(schema, value);
  if (!parsed.ok) throw new AttachmentError(`/${path} is malformed: ${parsed.error.field}: ${parsed.error.message}`);
  return parsed.data;
}

interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
  contentDisposition?: 'inline' | 'attachment';
}

/**
 * The KSeF block a document's PDF carries as the document stands when the message leaves (its KSeF number and KOD I;
 * OFFLINE and KOD II for one handed out offline): the PDF of an e-mail is the same document as the one in the panel.
 */
async function ksefBlockOf(
  uid: string,
  documentId: string,
  document: { seller: { nip: string }; issueDate: string },
): Promise<PdfKodI | undefined> {
  const [record, offline] = await Promise.all([
    readStored(`ksef/${uid}/${documentId}`, ksefRecordSchema, `zapis KSeF ${documentId}`),
    readStored(`ksefOffline/${uid}/${documentId}`, ksefOfflineSchema, `zapis offline ${documentId}`),
  ]);
  return ksefPdfBlock(document, record, offline) ?? undefined;
}

async function attachmentsOf(message: OutboxMessage): Promise<MailAttachment[]> {
  const list: MailAttachment[] = [];
  const a = message.attachments;
  if (a?.paymentQr) {
    const { paymentQrGifBase64 } = await import('../domain/paymentQrCode.js');
    list.push({
      filename: 'kod-qr-przelew.gif',
      content: Buffer.from(paymentQrGifBase64(a.paymentQr), 'base64'),
      contentType: 'image/gif',
      cid: PAYMENT_QR_CID,
      contentDisposition: 'inline',
    });
  }
  if (a?.invoice) {
    const { buildInvoicePdf, pdfFileName } = await import('../domain/pdf/invoicePdf.js');
    const invoice = await readAttachmentRecord(`invoices/${a.invoice.uid}/${a.invoice.invoiceId}`, invoiceSchema);
    const ksef = await ksefBlockOf(a.invoice.uid, a.invoice.invoiceId, invoice);
    const bytes = Buffer.from(buildInvoicePdf(invoice, pdfFonts(), ksef).output('arraybuffer'));
    list.push({ filename: pdfFileName(invoice), content: bytes, contentType: 'application/pdf' });
  }
  if (a?.correction) {
    const { buildCorrectionPdf, correctionPdfFileName } = await import('../domain/pdf/correctionPdf.js');
    const correction = await readAttachmentRecord(
      `corrections/${a.correction.uid}/${a.correction.correctionId}`,
      correctionInvoiceSchema,
    );
    const ksef = await ksefBlockOf(a.correction.uid, a.correction.correctionId, correction);
    const bytes = Buffer.from(buildCorrectionPdf(correction, pdfFonts(), ksef).output('arraybuffer'));
    list.push({ filename: correctionPdfFileName(correction), content: bytes, contentType: 'application/pdf' });
  }
  return list;
}

/** Turns what nodemailer reports into a stored error with a Polish message. */
function classifyError(error: unknown, now: number): DeliveryError {
  const e = error as { code?: string; responseCode?: number; message?: string; response?: string };
  const detail = String(e?.response ?? e?.message ?? error).slice(0, 500);
  const code = e?.responseCode;
  if (error instanceof AttachmentError)
    return {
      code: 'attachment',
      message: 'Nie udało się przygotować załącznika (faktury) — spróbuj ponownie później.',
      detail,
      permanent: false,
      at: now,
    };
  if (code === 552 || code === 523 || (/size|too large|za duż/i.test(detail) && (code ?? 0) >= 500)) {
    return {
      code: 'too-large',
      message: 'Serwer poczty odrzucił wiadomość jako za dużą.',
      detail,
      permanent: true,
      at: now,
    };
  }
  if (e?.code === 'EENVELOPE' || code === 550 || code === 553 || code === 501) {
    return {
      code: 'address-rejected',
      message: 'Serwer poczty odrzucił adres odbiorcy (nieprawidłowy lub nieistniejący adres).',
      detail,
      permanent: true,
      at: now,
    };
  }
  if (typeof code === 'number' && code >= 500)
    return {
      code: 'smtp-refused',
      message: `Serwer poczty odmówił przyjęcia wiadomości (kod ${code}).`,
      detail,
      permanent: true,
      at: now,
    };
  if (typeof code === 'number' && code >= 400)
    return {
      code: 'smtp-refused',
      message: `Serwer poczty chwilowo nie przyjął wiadomości (kod ${code}); ponowimy próbę.`,
      detail,
      permanent: false,
      at: now,
    };
  if (
    ['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED', 'EAUTH', 'ETLS', 'EPROTOCOL'].includes(
      e?.code ?? '',
    ) ||
    /ECONNREFUSED|ETIMEDOUT|ENOTFOUND|socket/i.test(detail)
  ) {
    return {
      code: 'smtp-unavailable',
      message: 'Serwer poczty jest niedostępny; ponowimy próbę.',
      detail,
      permanent: false,
      at: now,
    };
  }
  return { code: 'internal', message: 'Wysyłka nie powiodła się; ponowimy próbę.', detail, permanent: false, at: now };
}

/**
 * Delivers one message. `manual`: an admin's „Wyślij ponownie” — also a failure marked permanent and
 * one whose pause has not passed. Never throws: the outcome is stored on the message and returned.
 */
export async function deliverMessage(
  messageId: string,
  { manual = false, now = Date.now() }: { manual?: boolean; now?: number } = {},
): Promise<DeliveryOutcome> {
  const path = `outbox/${messageId}`;
  const token = randomUUID();
  let notNow: DeliveryOutcome['status'] | null = null;
  let claimed: OutboxMessage | null;
  try {
    const result = await transactStored(path, outboxMessageSchema, 'wiadomość e-mail', (cur) => {
      notNow = cur ? notClaimable(cur, now, manual) : null;
      if (!cur) return null;
      if (notNow) return KEEP;
      return {
        ...cur,
        status: 'sending',
        claim: { token, at: now },
        attempts: (cur.attempts ?? 0) + 1,
        lastAttemptAt: now,
      };
    });
    claimed = result.value;
  } catch (error) {
    logger.error(`mail: claiming ${messageId} failed`, error);
    return { messageId, status: 'busy' };
  }
  const skipped = notNow as DeliveryOutcome['status'] | null;
  if (skipped) return { messageId, status: skipped };
  if (!claimed || claimed.claim?.token !== token) return { messageId, status: 'missing' };
  const message = claimed;

  const config = mailConfig();
  let outcome: Partial<OutboxMessage>;
  let result: DeliveryOutcome;
  try {
    if (!config.smtpUrl) throw Object.assign(new Error('SMTP_URL is not set'), { code: 'not-configured' });
    const attachments = await attachmentsOf(message);
    const info = await (
      await transporter(config.smtpUrl)
    ).sendMail({
      from: config.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: `<${messageId}@${config.messageIdDomain}>`,
      attachments,
    });
    outcome = { status: 'sent', sentAt: Date.now(), smtpResponse: String(info.response ?? '').slice(0, 300) };
    result = { messageId, status: 'sent' };
  } catch (error) {
    const stored =
      (error as { code?: string }).code === 'not-configured'
        ? {
            code: 'not-configured',
            message: 'Serwer poczty nie jest skonfigurowany (sekret SMTP_URL).',
            detail: 'SMTP_URL is not set',
            permanent: false,
            at: now,
          }
        : classifyError(error, now);
    const attempts = message.attempts ?? 1;
    const permanent = stored.permanent || attempts >= MAX_AUTOMATIC_ATTEMPTS;
    outcome = {
      status: 'failed',
      error: { ...stored, permanent },
      nextAttemptAt: permanent ? undefined : now + retryDelayMs(attempts),
    };
    result = { messageId, status: 'failed', error: { ...stored, permanent } };
    logger.warn(`mail: ${messageId} not delivered (${stored.code}): ${stored.detail}`);
  }

  try {
    await transactStored(path, outboxMessageSchema, 'wiadomość e-mail', (cur) => {
      if (!cur) return null;
      if (cur.claim?.token !== token) return KEEP;
      const next: OutboxMessage = { ...cur, ...outcome };
      delete next.claim;
      if (outcome.status === 'sent') {
        delete next.error;
        delete next.nextAttemptAt;
      }
      if (outcome.nextAttemptAt === undefined) delete next.nextAttemptAt;
      return next;
    });
  } catch (error) {
    // The claim goes stale and the retry finishes it; a message already sent is then sent again
    // with the same Message-ID (see docs/email.md).
    logger.error(`mail: recording the outcome of ${messageId} failed`, error);
  }
  return result;
}

/** Delivers messages just written by a state change; never throws (the change has happened). */
export async function deliverAfterCommit(messageIds: readonly string[]): Promise<void> {
  for (const id of messageIds) {
    try {
      await deliverMessage(id);
    } catch (error) {
      logger.error(`mail: delivering ${id} failed`, error);
    }
  }
}

/**
 * Messages that may be due, each kind by its own query so that one cannot crowd out another: waiting ones
 * (absent status sorts first), failures whose pause has passed (a permanent failure has no `nextAttemptAt`, so
 * the failures that will never be retried automatically are not read at all), and claimed ones (a stale claim
 * is taken over).
 */
async function unsentMessages(now: number, limit = 200): Promise<Record<string, OutboxMessage>> {
  const outbox = db.ref('outbox');
  const snaps = await Promise.all([
    outbox.orderByChild('status').limitToFirst(limit).get(),
    outbox.orderByChild('nextAttemptAt').startAt(1).endAt(now).limitToFirst(limit).get(),
    outbox.orderByChild('status').equalTo('sending').limitToFirst(limit).get(),
  ]);
  const messages: Record<string, OutboxMessage> = {};
  for (const snap of snaps)
    snap.forEach((child) => {
      const parsed = parseWith(outboxMessageSchema, child.val());
      if (!parsed.ok) logger.error(`mail: malformed message /outbox/${child.key} left alone`, { problems: parsed.all });
      else if (parsed.data.status !== 'sent' && parsed.data.status !== 'skipped') messages[child.key!] = parsed.data;
    });
  return messages;
}

/** Why a message is not claimed now: sent or skipped, being sent by a live sender, or failed and not due (unless retried by hand). */
function notClaimable(message: OutboxMessage, now: number, manual: boolean): DeliveryOutcome['status'] | null {
  if (message.status === 'sent' || message.status === 'skipped') return message.status;
  if (message.status === 'sending' && message.claim && now - message.claim.at < SEND_CLAIM_TTL_MS) return 'busy';
  if (message.status === 'failed' && !manual && (message.error?.permanent || (message.nextAttemptAt ?? 0) > now))
    return 'failed';
  return null;
}

/**
 * The automatic retry (the schedule in production, `npm start`'s interval locally, and each admin
 * „Poczta” run without a selection): every unsent message that is due — waiting, failed with a
 * failure that may pass and a pause that has passed, or claimed by a sender that died.
 */
export async function retryDueMessages(
  budgetMs: number,
  now = Date.now(),
): Promise<{ checked: number; results: DeliveryOutcome[] }> {
  const unsent = await unsentMessages(now);
  const results: DeliveryOutcome[] = [];
  // Each message is an SMTP session (and a PDF for invoices): stop claiming new ones in time; the next run sends the rest.
  const budget = timeBudget(budgetMs);
  for (const [id, m] of Object.entries(unsent)) {
    if (budget.spent()) break;
    if (m.status === 'failed' && (m.error?.permanent || (m.nextAttemptAt ?? 0) > now)) continue;
    if (m.status === 'sending' && m.claim && now - m.claim.at < SEND_CLAIM_TTL_MS) continue;
    // A message written moments ago is being delivered by its own callable.
    if (!m.status && now - (m.createdAt ?? 0) < 30_000) continue;
    results.push(await deliverMessage(id, { now }));
  }
  return { checked: Object.keys(unsent).length, results };
}
