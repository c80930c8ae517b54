/**
 * One run over the due outbox entries (submit.ts reads them under the run lock): log in with the KSeF token,
 * open one online session, send every due document (invoices first, a correction only once its invoice has a
 * KSeF number), ask for each one's outcome and record it (record.ts). Nothing is sent twice: an entry is marked
 * `sent` with its session and invoice references before its outcome is asked for, and a run that finds it
 * `sent` looks the outcome up instead of sending. When KSeF does not answer (no connection, timeout, 429, 5xx),
 * the documents not yet in KSeF are handed out in offline24 mode (offline.ts) and sent with `offlineMode` later.
 */
import { logger } from 'firebase-functions/v2';
import {
  describeFa3Problems,
  invoiceOutcome,
  ksefRetryDelayMs,
  utf8,
  type KsefOutboxEntry,
  type KsefQrEnvironment,
  type SessionInvoiceStatusResponse,
  type SubmitKsefOutput,
} from '../domain/ksef/index.js';
import { db } from '../lib/admin.js';
import { KsefApiError, type KsefClient, type OnlineSession } from './client.js';
import { markOffline } from './offline.js';
import type { OfflineCertificate } from './offlineCertificate.js';
import { documentFile, recordAccepted, type LoadedDocument } from './record.js';

export interface RunConfig {
  token: string;
  environment: KsefQrEnvironment;
  qrBase: string;
  sellerNip: string;
  certificate: OfflineCertificate | null;
}

const entryRef = (id: string) => db.ref(`ksefOutbox/${id}`);
const isCorrection = (e: KsefOutboxEntry) => e.documentId.startsWith('KOR-');
/** KSeF did not decide (no connection, timeout, 429, 5xx): the document may go offline and is tried again. */
const isOutage = (error: unknown) => !(error instanceof KsefApiError) || error.retryable;

export class KsefRun {
  private access = '';
  private session: OnlineSession | null = null;
  private down: Error | null = null;
  private sent: KsefOutboxEntry[] = [];
  /** Documents KSeF could not take in this run: handed out offline at the end. */
  private notTaken: KsefOutboxEntry[] = [];

  constructor(
    private readonly client: KsefClient,
    private readonly config: RunConfig,
    private readonly out: SubmitKsefOutput,
  ) {}

  async execute(due: KsefOutboxEntry[]): Promise<void> {
    try {
      this.access = (
        await this.client.authenticate({ nip: this.config.sellerNip, token: this.config.token })
      ).accessToken.token;
    } catch (error) {
      // A login that fails changes no entry's pause: the next run tries again. An outage hands the documents out offline.
      this.out.deferred.push(...due.map((e) => e.documentId));
      this.out.error = (error as Error).message;
      if (isOutage(error))
        await this.goOffline(
          due.filter((e) => e.status !== 'sent'),
          error as Error,
        );
      return;
    }
    for (const entry of due.filter((e) => !isCorrection(e))) await this.send(entry);
    // Outcomes of the invoices first, so their corrections can name the KSeF numbers.
    await this.settle();
    for (const entry of due.filter(isCorrection)) await this.send(entry);
    await this.settle();
    if (this.session)
      await this.client
        .closeSession(this.access, this.session.referenceNumber)
        .catch((error: unknown) => logger.warn('submitKsef: closing the session failed', error));
    if (this.down) {
      this.out.error = this.down.message;
      await this.goOffline(this.notTaken, this.down);
    }
  }

  private async goOffline(entries: KsefOutboxEntry[], reason: Error): Promise<void> {
    const marked = await markOffline(entries, reason.message, this.config);
    this.out.offline.push(...marked);
  }

  private async send(entry: KsefOutboxEntry): Promise<void> {
    if (this.down) {
      this.out.deferred.push(entry.documentId);
      return void this.notTaken.push(entry);
    }
    if (entry.status === 'sent' && entry.sent) return void this.sent.push(entry);
    const loaded = await documentFile(entry);
    if (loaded === 'waiting') {
      await entryRef(entry.documentId).update({ status: 'queued', waitingFor: entry.correctedId ?? null });
      return void this.out.waiting.push(entry.documentId);
    }
    if (loaded === 'missing') return this.reject(entry, { code: 0, description: 'Brak dokumentu w bazie' });
    if (!loaded.file.ok) return this.reject(entry, { code: 0, description: describeFa3Problems(loaded.file.problems) });
    try {
      await this.sendFile(entry, loaded);
    } catch (error) {
      if (!isOutage(error)) {
        const e = error as KsefApiError;
        return this.reject(entry, {
          code: e.exceptionCode ?? e.httpStatus ?? 0,
          description: e.message,
          details: e.details,
        });
      }
      this.down = error as Error;
      this.notTaken.push(entry);
      await this.failRetryable(entry, error as Error);
    }
  }

  private async sendFile(entry: KsefOutboxEntry, loaded: LoadedDocument): Promise<void> {
    if (!loaded.file.ok) return;
    this.session ??= await this.client.openOnlineSession(this.access);
    const invoiceReference = await this.client.sendInvoice(this.access, this.session, utf8(loaded.file.xml), {
      offlineMode: Boolean(entry.offline),
    });
    const sent = { sessionReference: this.session.referenceNumber, invoiceReference, at: Date.now() };
    await entryRef(entry.documentId).update({
      status: 'sent',
      sent,
      attempts: (entry.attempts ?? 0) + 1,
      rejection: null,
      waitingFor: null,
    });
    this.sent.push({ ...entry, status: 'sent', sent });
  }

  private async reject(
    entry: KsefOutboxEntry,
    rejection: { code: number; description: string; details?: string[] },
  ): Promise<void> {
    const details = rejection.details?.length ? { details: rejection.details } : {};
    await entryRef(entry.documentId).update({
      status: 'rejected',
      rejection: { code: rejection.code, description: rejection.description, ...details, at: Date.now() },
    });
    this.out.rejected.push(entry.documentId);
  }

  private async failRetryable(entry: KsefOutboxEntry, error: Error): Promise<void> {
    const attempts = (entry.attempts ?? 0) + 1;
    await entryRef(entry.documentId).update({
      status: 'queued',
      attempts,
      nextAttemptAt: Date.now() + ksefRetryDelayMs(attempts),
      lastError: { message: error.message, at: Date.now() },
      sent: null,
    });
    this.out.deferred.push(entry.documentId);
  }

  /** Asks for each sent document's outcome and records it. */
  private async settle(): Promise<void> {
    for (const entry of this.sent.splice(0)) {
      const where = entry.sent!;
      let status: SessionInvoiceStatusResponse;
      try {
        status = await this.client.waitForInvoice(this.access, where.sessionReference, where.invoiceReference);
      } catch (error) {
        // Still processing or KSeF silent: the entry stays `sent`; the next run asks again, never sends again.
        await entryRef(entry.documentId).update({ lastError: { message: (error as Error).message, at: Date.now() } });
        this.out.deferred.push(entry.documentId);
        continue;
      }
      const outcome = invoiceOutcome(status.status.code);
      const duplicateOf = status.status.code === 440 ? status.status.extensions?.originalKsefNumber : null;
      if (outcome === 'accepted' || duplicateOf) {
        const ksefNumber = (duplicateOf ?? status.ksefNumber)!;
        const upoSession = duplicateOf
          ? (status.status.extensions?.originalSessionReferenceNumber ?? where.sessionReference)
          : where.sessionReference;
        await recordAccepted(this.client, this.access, entry, {
          ksefNumber,
          sessionReference: upoSession,
          acquisitionDate: status.acquisitionDate,
          environment: this.config.environment,
        });
        this.out.accepted.push(entry.documentId);
      } else if (outcome === 'retry')
        await this.failRetryable(entry, new Error(`KSeF: ${status.status.code} ${status.status.description}`));
      else await this.reject(entry, status.status);
    }
  }
}
