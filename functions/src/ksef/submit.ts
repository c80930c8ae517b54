/**
 * Automatic submission of the KSeF outbox (`/ksefOutbox`, domain/ksef/outbox.ts; docs/ksef.md): one run logs
 * in with the KSeF token, opens one online session, sends every due document (invoices first, a correction
 * only once its invoice has a KSeF number), then asks for each one's outcome and records it: the KSeF number
 * and the exact file in `/ksef/{uid}/{documentId}` (the same record the admin's recordKsefSubmission writes,
 * so the invoice screen, PDF and KOD I show it), the UPO in `/ksefUpo/{documentId}`, or the Ministry's
 * refusal on the entry. Nothing is sent twice: a document is marked `sent` with its session and invoice
 * reference numbers before its outcome is asked for, and a run that finds it `sent` looks the outcome up
 * instead of sending; a duplicate answer (440) naming the original's KSeF number records that number.
 */
import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions/v2';
import { defineSecret } from 'firebase-functions/params';
import { sellerSchema, warsawDate, type Invoice } from '../domain/index.js';
import {
  describeFa3Problems,
  fileHashBase64Url,
  invoiceOutcome,
  KSEF_ENVIRONMENTS,
  ksefFileFor,
  ksefFileForCorrection,
  ksefOutboxEntrySchema,
  ksefRecordSchema,
  ksefRetryDelayMs,
  utf8,
  type KsefEnvironment,
  type KsefFile,
  type KsefOutboxEntry,
  type KsefRecord,
  type SessionInvoiceStatusResponse,
  type SubmitKsefOutput,
} from '../domain/ksef/index.js';
import type { CorrectionInvoice } from '../domain/refunds.js';
import { db } from '../lib/admin.js';
import { readStored } from '../lib/stored.js';
import { transact } from '../lib/tx.js';
import { KsefApiError, KsefClient, type OnlineSession } from './client.js';

export const KSEF_TOKEN_SECRET = defineSecret('KSEF_TOKEN');
/** Who recorded a number the API gave (the `recordedBy` of `/ksef` records; admins record with their uid). */
export const KSEF_API_RECORDER = 'ksef-api';
const RUN_LOCK_STALE_MS = 10 * 60_000;

/** Bind the token secret only where the environment does not provide it (the local stack gives the stand-in's). */
export function ksefSecretOptions(): { secrets?: [typeof KSEF_TOKEN_SECRET] } {
  return process.env.KSEF_TOKEN ? {} : { secrets: [KSEF_TOKEN_SECRET] };
}

/** `KSEF_BASE_URL` (any address, e.g. the local stand-in) or `KSEF_ENVIRONMENT` (test | demo | production); and the token. */
export function ksefConfig(): { baseUrl: string; token: string } | null {
  const token = process.env.KSEF_TOKEN?.trim();
  const environment = process.env.KSEF_ENVIRONMENT?.trim() as KsefEnvironment | undefined;
  const baseUrl = process.env.KSEF_BASE_URL?.trim() || (environment && KSEF_ENVIRONMENTS[environment]);
  return token && baseUrl ? { baseUrl, token } : null;
}

interface Due {
  entry: KsefOutboxEntry;
  file?: KsefFile & { ok: true };
}

const entryRef = (id: string) => db.ref(`ksefOutbox/${id}`);

async function documentFile(entry: KsefOutboxEntry): Promise<KsefFile | 'waiting' | 'missing'> {
  if (entry.documentId.startsWith('KOR-')) {
    const correction = (await db.ref(`corrections/${entry.uid}/${entry.documentId}`).get()).val() as CorrectionInvoice | null;
    if (!correction) return 'missing';
    const corrected = await readStored(`ksef/${entry.uid}/${correction.corrected.invoiceId}`, ksefRecordSchema, `zapis KSeF faktury ${correction.corrected.number}`);
    if (!corrected) return 'waiting';
    return ksefFileForCorrection(correction, corrected);
  }
  const invoice = (await db.ref(`invoices/${entry.uid}/${entry.documentId}`).get()).val() as Invoice | null;
  return invoice ? ksefFileFor(invoice) : 'missing';
}

/** One run over the outbox (or over the chosen documents, rejected ones included — the admin fixed the data). */
export async function submitKsefOutbox(options: { documentIds?: string[]; client?: KsefClient } = {}): Promise<SubmitKsefOutput> {
  const out: SubmitKsefOutput = { configured: false, accepted: [], rejected: [], waiting: [], deferred: [] };
  const config = ksefConfig();
  if (!config) return out;
  out.configured = true;
  const seller = await readStored('event/seller', sellerSchema, 'dane sprzedawcy');
  if (!seller) return { ...out, error: 'Brak danych sprzedawcy (NIP)' };

  const lockToken = randomUUID();
  const lock = await transact<{ token: string; at: number }>(db.ref('ksefRun'), (cur) => (cur && cur.at > Date.now() - RUN_LOCK_STALE_MS ? undefined : { token: lockToken, at: Date.now() }));
  if (!lock.committed) return { ...out, busy: true };
  try {
    const now = Date.now();
    const chosen = options.documentIds ? new Set(options.documentIds) : null;
    // Only the entries that can be due are read (index on status; accepted ones accumulate).
    const all: Record<string, unknown> = {};
    if (chosen) for (const id of chosen) all[id] = (await entryRef(id).get()).val();
    else for (const status of ['queued', 'sent']) Object.assign(all, (await db.ref('ksefOutbox').orderByChild('status').equalTo(status).get()).val() ?? {});
    const due: KsefOutboxEntry[] = [];
    for (const [id, raw] of Object.entries(all)) {
      if (raw === null) continue;
      const parsed = ksefOutboxEntrySchema.safeParse(raw);
      if (!parsed.success || parsed.data.documentId !== id) {
        logger.error(`submitKsef: outbox entry ${id} is not valid`, parsed.success ? 'key mismatch' : parsed.error);
        continue;
      }
      const e = parsed.data;
      if (chosen ? chosen.has(id) && e.status !== 'accepted' : (e.status === 'queued' || e.status === 'sent') && (e.nextAttemptAt ?? 0) <= now) due.push(e);
    }
    if (!due.length) return out;
    // Invoices before corrections, each in number order: a correction may find its invoice accepted in this run.
    due.sort((a, b) => (a.documentId.startsWith('KOR-') === b.documentId.startsWith('KOR-') ? a.documentId.localeCompare(b.documentId) : a.documentId.startsWith('KOR-') ? 1 : -1));

    const client = options.client ?? new KsefClient({ baseUrl: config.baseUrl });
    let access: string;
    try {
      access = (await client.authenticate({ nip: seller.nip, token: config.token })).accessToken.token;
    } catch (error) {
      return { ...out, deferred: due.map((e) => e.documentId), error: (error as Error).message };
    }

    let session: OnlineSession | null = null;
    const failRetryable = async (entry: KsefOutboxEntry, error: Error) => {
      const attempts = (entry.attempts ?? 0) + 1;
      await entryRef(entry.documentId).update({ status: 'queued', attempts, nextAttemptAt: Date.now() + ksefRetryDelayMs(attempts), lastError: { message: error.message, at: Date.now() }, sent: null });
      out.deferred.push(entry.documentId);
    };
    const sent: Due[] = [];
    const pendingCorrections: KsefOutboxEntry[] = [];
    let down: Error | null = null;
    const send = async (entry: KsefOutboxEntry) => {
      if (down) return void out.deferred.push(entry.documentId);
      if (entry.status === 'sent' && entry.sent) return void sent.push({ entry });
      const file = await documentFile(entry);
      if (file === 'waiting') {
        await entryRef(entry.documentId).update({ status: 'queued', waitingFor: entry.correctedId ?? null });
        return void out.waiting.push(entry.documentId);
      }
      if (file === 'missing' || !file.ok) {
        const description = file === 'missing' ? 'Brak dokumentu w bazie' : describeFa3Problems(file.problems);
        await entryRef(entry.documentId).update({ status: 'rejected', rejection: { code: 0, description, at: Date.now() } });
        return void out.rejected.push(entry.documentId);
      }
      try {
        session ??= await client.openOnlineSession(access);
        const invoiceReference = await client.sendInvoice(access, session, utf8(file.xml));
        const entrySent = { sessionReference: session.referenceNumber, invoiceReference, at: Date.now() };
        await entryRef(entry.documentId).update({ status: 'sent', sent: entrySent, attempts: (entry.attempts ?? 0) + 1, rejection: null, waitingFor: null });
        sent.push({ entry: { ...entry, status: 'sent', sent: entrySent }, file });
      } catch (error) {
        if (error instanceof KsefApiError && !error.retryable) {
          await entryRef(entry.documentId).update({ status: 'rejected', rejection: { code: error.exceptionCode ?? error.httpStatus ?? 0, description: error.message, details: error.details, at: Date.now() } });
          return void out.rejected.push(entry.documentId);
        }
        down = error as Error;
        await failRetryable(entry, error as Error);
      }
    };

    for (const entry of due) {
      if (entry.documentId.startsWith('KOR-')) pendingCorrections.push(entry);
      else await send(entry);
    }
    // Outcomes of the invoices first, so their corrections can name the KSeF numbers.
    await settle(client, access, sent.splice(0), out, failRetryable);
    for (const entry of pendingCorrections) await send(entry);
    await settle(client, access, sent.splice(0), out, failRetryable);
    const open = session as OnlineSession | null;
    if (open) await client.closeSession(access, open.referenceNumber).catch((error: unknown) => logger.warn('submitKsef: closing the session failed', error));
    if (down) out.error = (down as Error).message;
    return out;
  } finally {
    await transact<{ token: string; at: number }>(db.ref('ksefRun'), (cur) => (cur?.token === lockToken ? null : cur));
  }
}

/** Asks for each sent document's outcome and records it. */
async function settle(client: KsefClient, access: string, sent: Due[], out: SubmitKsefOutput, failRetryable: (e: KsefOutboxEntry, error: Error) => Promise<void>): Promise<void> {
  for (const { entry } of sent) {
    const where = entry.sent!;
    let status: SessionInvoiceStatusResponse;
    try {
      status = await client.waitForInvoice(access, where.sessionReference, where.invoiceReference);
    } catch (error) {
      // Still processing or KSeF silent: the entry stays `sent`; the next run asks again, never sends again.
      await entryRef(entry.documentId).update({ lastError: { message: (error as Error).message, at: Date.now() } });
      out.deferred.push(entry.documentId);
      continue;
    }
    const outcome = invoiceOutcome(status.status.code);
    const duplicateOf = status.status.code === 440 ? status.status.extensions?.originalKsefNumber : null;
    if (outcome === 'accepted' || duplicateOf) {
      const ksefNumber = (duplicateOf ?? status.ksefNumber)!;
      const upoSession = duplicateOf ? (status.status.extensions?.originalSessionReferenceNumber ?? where.sessionReference) : where.sessionReference;
      await recordAccepted(client, access, entry, ksefNumber, upoSession, status.acquisitionDate);
      out.accepted.push(entry.documentId);
    } else if (outcome === 'retry') {
      await failRetryable(entry, new Error(`KSeF: ${status.status.code} ${status.status.description}`));
    } else {
      await entryRef(entry.documentId).update({
        status: 'rejected',
        rejection: { code: status.status.code, description: status.status.description, ...(status.status.details?.length ? { details: status.status.details } : {}), at: Date.now() },
      });
      out.rejected.push(entry.documentId);
    }
  }
}

async function recordAccepted(client: KsefClient, access: string, entry: KsefOutboxEntry, ksefNumber: string, sessionReference: string, acquisitionDate: string | undefined): Promise<void> {
  // The file is rebuilt from the immutable snapshot (deterministic: the same bytes that were sent).
  const file = await documentFile(entry);
  if (typeof file === 'string' || !file.ok) throw new Error(`submitKsef: the file of ${entry.documentId} cannot be rebuilt`);
  const now = Date.now();
  const record: KsefRecord = {
    ksefNumber,
    submittedOn: warsawDate(acquisitionDate ? Date.parse(acquisitionDate) : now),
    xml: file.xml,
    sha256: fileHashBase64Url(utf8(file.xml)),
    recordedAt: now,
    recordedBy: KSEF_API_RECORDER,
  };
  await transact(db.ref(`ksefNumbers/${ksefNumber}`), (cur) => cur ?? { uid: entry.uid, invoiceId: entry.documentId });
  // An admin's earlier manual record of the same document stays.
  await transact<KsefRecord>(db.ref(`ksef/${entry.uid}/${entry.documentId}`), (cur) => cur ?? record);
  const upo = await client.invoiceUpo(access, sessionReference, ksefNumber).catch((error: unknown) => {
    logger.warn(`submitKsef: the UPO of ${entry.documentId} could not be downloaded`, error);
    return null;
  });
  if (upo) await db.ref(`ksefUpo/${entry.documentId}`).set({ xml: upo, sessionReference, at: now });
  await entryRef(entry.documentId).update({ status: 'accepted', ksefNumber, acceptedAt: now, lastError: null, waitingFor: null, rejection: null, nextAttemptAt: null });
}
