/**
 * One run over the due outbox entries (submit.ts reads them under the run lock): log in with the KSeF token,
 * open one online session, send every due document (invoices first, a correction only once its invoice has a
 * KSeF number), ask for each one's outcome and record it (record.ts). Nothing is sent twice: an entry is marked
 * `sent` with its session and invoice references before its outcome is asked for, and a run that finds it
 * `sent` looks the outcome up instead of sending.
 *
 * What a failure is about decides what happens (docs/ksef.md, „The runner”):
 * - an outage — no connection, timeout, 5xx, a login the system itself broke off (status 500/550): the documents
 *   not yet in KSeF are handed out in offline24 mode (offline.ts) and sent with `offlineMode` later;
 * - a rate limit — HTTP 429 (limity/limity-api.md) — is not an outage: after a short `Retry-After` the run waits
 *   when its time allows, otherwise it stops; the documents stay queued until `Retry-After` has passed, and the
 *   summary says that KSeF limited the rate;
 * - a refusal of the login or of the session, not of a document — a token without the permission (401/403), a
 *   public key KSeF withdrew (21470, still after the client fetched the certificates again), a closed or unknown
 *   session (21180, 21173, 21184): the run stops with the reason for the admin and the documents stay queued;
 * - a refusal of one document: that document is `rejected`.
 * The run has a time budget (lib/timeBudget.ts): once it is spent, no new document is started and no more
 * outcomes are awaited; the session is closed, the summary written, and the next run goes on. Every run that
 * logged in ends its login at the end (auth/sesje.md), whatever became of the documents.
 *
 * An accepted document's UPO is downloaded with its outcome; when that fails (or the time is up, or KSeF limits the
 * rate) the document is listed as missing its UPO, and later runs download it — after the sending, while the time
 * lasts, each failure pausing it longer (record.ts; the pause: `upoMissingAfter` in domain/ksef/outbox.ts). The
 * mode KSeF gave an accepted document (its status's `invoicingMode`) is recorded with it: KSeF records as offline a
 * document sent online the day after its issue date, and that one's owner gets KOD II (record.ts).
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
import { formatWarsawDateTime } from '../domain/warsawTime.js';
import { db } from '../lib/admin.js';
import { timeBudget } from '../lib/timeBudget.js';
import { KsefApiError, type KsefClient, type KsefTokens, type OnlineSession } from './client.js';
import { markOffline } from './offline.js';
import type { OfflineCertificate } from './offlineCertificate.js';
import { documentFile, recordAccepted, recordUpo, type LoadedDocument, type UpoDownload } from './record.js';

export interface RunConfig {
  token: string;
  environment: KsefQrEnvironment;
  qrBase: string;
  sellerNip: string;
  certificate: OfflineCertificate | null;
}

/** A 429 whose `Retry-After` is at most this long is waited out (when the run's time allows)… */
const RATE_LIMIT_WAIT_MAX_MS = 5_000;
/** …at most this many times in a run; a longer one stops the run. */
const RATE_LIMIT_WAITS = 3;
/** A 429 without `Retry-After` is taken to last this long. */
const RATE_LIMIT_DEFAULT_MS = 60_000;

/**
 * Exception codes about the session, not the document: 21173 no session with that reference, 21180 the session's
 * status does not allow the operation (closed, cancelled), 21184 the session is temporarily unavailable, 21470 the
 * public key used is unknown or withdrawn.
 */
const SESSION_EXCEPTION_CODES = new Set([21173, 21180, 21184, 21470]);

const entryRef = (id: string) => db.ref(`ksefOutbox/${id}`);
const isCorrection = (e: KsefOutboxEntry) => e.documentId.startsWith('KOR-');
/** KSeF did not decide (no connection, timeout, 5xx): the document may go offline and is tried again. */
const isOutage = (error: unknown) => !(error instanceof KsefApiError) || error.retryable;
const isRateLimit = (error: unknown): error is KsefApiError => error instanceof KsefApiError && error.rateLimited;
/** A refusal of the access token or the session (checked after isOutage and isRateLimit). */
const isSessionError = (error: unknown): error is KsefApiError =>
  error instanceof KsefApiError &&
  (error.httpStatus === 401 || error.httpStatus === 403 || SESSION_EXCEPTION_CODES.has(error.exceptionCode ?? -1));

/** The admin's reason (Polish) why a refusal of the login's token or of the session stopped the run. */
function sessionRefusal(error: unknown): string {
  const e = error instanceof KsefApiError ? error : null;
  const why = (error as Error).message;
  const queued = 'Dokumenty czekają w kolejce i zostaną wysłane, gdy przyczyna zniknie.';
  if (e?.httpStatus === 403)
    return `KSeF odmówił dostępu (HTTP 403): token KSeF nie ma uprawnienia do wystawiania faktur (InvoiceWrite) dla NIP sprzedawcy. Nadaj uprawnienie albo wygeneruj nowy token i zaktualizuj sekret KSEF_TOKEN. ${queued} (${why})`;
  if (e?.httpStatus === 401)
    return `KSeF nie przyjął tokenu dostępu (HTTP 401). Następny przebieg zaloguje się ponownie. ${queued} (${why})`;
  if (e?.exceptionCode === 21470)
    return `KSeF nie przyjął klucza publicznego użytego do szyfrowania (21470), także po ponownym pobraniu certyfikatów Ministerstwa. ${queued} (${why})`;
  if (e && SESSION_EXCEPTION_CODES.has(e.exceptionCode ?? -1))
    return `KSeF zamknął sesję wysyłki albo jej nie zna (${e.exceptionCode}). Następny przebieg otworzy nową sesję. ${queued} (${why})`;
  return `KSeF odmówił otwarcia sesji wysyłki. ${queued} (${why})`;
}

export class KsefRun {
  private access = '';
  private session: OnlineSession | null = null;
  /** An outage: the documents not taken are handed out offline at the end. */
  private down: Error | null = null;
  /** Why the run stopped without an outage (a rate limit, a refused session), for the admin. */
  private stopped: string | null = null;
  /** KSeF limited the rate: nothing is tried before this time (0: no limit met). */
  private rateLimitedUntil = 0;
  private rateLimitWaits = 0;
  /** A UPO download found KSeF not answering: no more UPOs are asked for in this run. */
  private upoUnavailable = false;
  private sent: KsefOutboxEntry[] = [];
  /** Documents KSeF could not take in this run: handed out offline at the end. */
  private notTaken: KsefOutboxEntry[] = [];
  /** Documents left as they are for the next run (a rate limit, a refused session, the time budget). */
  private left: KsefOutboxEntry[] = [];
  private readonly budget: { spent: () => boolean };
  /** When the budget is spent (epoch ms): no outcome is awaited, no rate limit waited out, past it. */
  private readonly until: number;

  constructor(
    private readonly client: KsefClient,
    private readonly config: RunConfig,
    private readonly out: SubmitKsefOutput,
    budgetMs: number,
  ) {
    this.budget = timeBudget(budgetMs);
    this.until = Date.now() + budgetMs;
  }

  /**
   * `due`: the documents to send or to finish; `upos`: accepted documents whose missing UPO is due. Whatever the run
   * comes to, the login it opened is ended.
   */
  async execute(due: KsefOutboxEntry[], upos: KsefOutboxEntry[] = []): Promise<void> {
    const tokens = await this.logIn(due);
    if (!tokens) return;
    this.access = tokens.accessToken.token;
    try {
      await this.work(due, upos);
    } finally {
      await this.endLogin(tokens.refreshToken.token);
    }
  }

  /** Logs in with the KSeF token; null when that fails — what the failure was about decides what becomes of `due`. */
  private async logIn(due: KsefOutboxEntry[]): Promise<KsefTokens | null> {
    try {
      return await this.call(() => this.client.authenticate({ nip: this.config.sellerNip, token: this.config.token }));
    } catch (error) {
      if (isRateLimit(error)) {
        this.rateLimit(error);
        this.left.push(...due);
        await this.leaveTheRest();
        return null;
      }
      // A login that fails changes no entry's pause: the next run tries again. An outage hands the documents out offline.
      this.out.deferred.push(...due.map((e) => e.documentId));
      this.out.error = (error as Error).message;
      if (isOutage(error))
        await this.goOffline(
          due.filter((e) => e.status !== 'sent'),
          error as Error,
        );
      return null;
    }
  }

  /**
   * Ends the run's login (DELETE /auth/sessions/current, auth/sesje.md), so its refresh token — good for seven days —
   * cannot get new access tokens once the run is over. Done with the refresh token, which outlives the access token.
   * A failure changes nothing of the run's outcome (the token runs out by itself): it is logged, not reported.
   */
  private async endLogin(refreshToken: string): Promise<void> {
    try {
      await this.call(() => this.client.revokeAuthentication(refreshToken));
    } catch (error) {
      logger.warn('submitKsef: ending the KSeF login failed; its refresh token stays valid until it expires', error);
    }
  }

  /** Sends, settles and records the due documents, then the missing UPOs, then hands out offline what KSeF could not take. */
  private async work(due: KsefOutboxEntry[], upos: KsefOutboxEntry[]): Promise<void> {
    for (const entry of due.filter((e) => !isCorrection(e))) await this.send(entry);
    // Outcomes of the invoices first, so their corrections can name the KSeF numbers.
    await this.settle();
    for (const entry of due.filter(isCorrection)) await this.send(entry);
    await this.settle();
    if (this.session)
      await this.client
        .closeSession(this.access, this.session.referenceNumber)
        .catch((error: unknown) => logger.warn('submitKsef: closing the session failed', error));
    // The missing UPOs after the sending: a document's deadline matters more than a receipt.
    await this.fetchMissingUpos(upos);
    if (this.down) await this.goOffline(this.notTaken, this.down);
    await this.leaveTheRest();
  }

  /**
   * One call to KSeF; a 429 with a short `Retry-After` is waited out and the call repeated, while the run's time
   * and its few waits allow. Any other 429 is thrown.
   */
  private async call<T>(ask: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await ask();
      } catch (error) {
        if (!isRateLimit(error)) throw error;
        const wait = error.retryAfterMs ?? RATE_LIMIT_DEFAULT_MS;
        if (wait > RATE_LIMIT_WAIT_MAX_MS || this.rateLimitWaits >= RATE_LIMIT_WAITS || Date.now() + wait >= this.until)
          throw error;
        this.rateLimitWaits += 1;
        logger.info(`submitKsef: KSeF limited the rate, waiting ${wait} ms`);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /** KSeF limited the rate: the run stops; what it leaves waits until `Retry-After` has passed. */
  private rateLimit(error: KsefApiError): void {
    this.rateLimitedUntil = Math.max(this.rateLimitedUntil, Date.now() + (error.retryAfterMs ?? RATE_LIMIT_DEFAULT_MS));
    this.stopped =
      `KSeF ograniczył liczbę zapytań (HTTP 429): wysyłka wstrzymana do ${formatWarsawDateTime(this.rateLimitedUntil)}. ` +
      `To nie jest awaria — dokumenty czekają w kolejce i zostaną wysłane w następnym przebiegu. (${error.message})`;
  }

  /** The documents left for the next run: in the answer, and after a rate limit not due before it ends. */
  private async leaveTheRest(): Promise<void> {
    this.out.deferred.push(...this.left.map((e) => e.documentId));
    const until = this.rateLimitedUntil;
    if (until) {
      this.out.rateLimitedUntil = until;
      const updates: Record<string, number> = {};
      for (const e of this.left)
        if ((e.nextAttemptAt ?? 0) < until) updates[`ksefOutbox/${e.documentId}/nextAttemptAt`] = until;
      if (Object.keys(updates).length) await db.ref().update(updates);
    }
    const reasons = [this.down?.message, this.stopped].filter(Boolean);
    if (reasons.length) this.out.error = reasons.join(' — ');
    else if (this.left.length)
      logger.info(`submitKsef: the run's time is up; ${this.left.length} document(s) left for the next run`);
  }

  private async goOffline(entries: KsefOutboxEntry[], reason: Error): Promise<void> {
    const marked = await markOffline(entries, reason.message, this.config);
    this.out.offline.push(...marked);
  }

  /** A document this run does not send: offline at the end after an outage, otherwise left as it is. */
  private postpone(entry: KsefOutboxEntry): void {
    if (this.down) {
      this.out.deferred.push(entry.documentId);
      this.notTaken.push(entry);
    } else this.left.push(entry);
  }

  private async send(entry: KsefOutboxEntry): Promise<void> {
    if (entry.status === 'sent' && entry.sent) return void this.sent.push(entry);
    if (this.down || this.stopped || this.budget.spent()) return this.postpone(entry);
    const loaded = await documentFile(entry);
    if (loaded === 'waiting') {
      await entryRef(entry.documentId).update({ status: 'queued', waitingFor: entry.correctedId ?? null });
      return void this.out.waiting.push(entry.documentId);
    }
    if (loaded === 'missing') return this.reject(entry, { code: 0, description: 'Brak dokumentu w bazie' });
    if (!loaded.file.ok) return this.reject(entry, { code: 0, description: describeFa3Problems(loaded.file.problems) });
    // The session is the run's, not the document's: its failure stops the run and rejects nothing.
    if (!(await this.openSession())) return this.postpone(entry);
    try {
      await this.sendFile(entry, loaded);
    } catch (error) {
      if (isRateLimit(error)) {
        this.rateLimit(error);
        return void this.left.push(entry);
      }
      if (isOutage(error)) {
        this.down = error as Error;
        this.notTaken.push(entry);
        return this.failRetryable(entry, error as Error);
      }
      if (isSessionError(error)) {
        this.stopped = sessionRefusal(error);
        return void this.left.push(entry);
      }
      const e = error as KsefApiError;
      return this.reject(entry, {
        code: e.exceptionCode ?? e.httpStatus ?? 0,
        description: e.message,
        details: e.details,
      });
    }
  }

  /** Opens the run's session once; false (and the run stopped or down) when KSeF does not open it. */
  private async openSession(): Promise<boolean> {
    if (this.session) return true;
    try {
      this.session = await this.call(() => this.client.openOnlineSession(this.access));
      return true;
    } catch (error) {
      if (isRateLimit(error)) this.rateLimit(error);
      else if (isOutage(error)) this.down = error as Error;
      else this.stopped = sessionRefusal(error);
      return false;
    }
  }

  private async sendFile(entry: KsefOutboxEntry, loaded: LoadedDocument): Promise<void> {
    if (!loaded.file.ok || !this.session) return;
    const session = this.session;
    const xml = utf8(loaded.file.xml);
    const invoiceReference = await this.call(() =>
      this.client.sendInvoice(this.access, session, xml, { offlineMode: Boolean(entry.offline) }),
    );
    const sent = { sessionReference: session.referenceNumber, invoiceReference, at: Date.now() };
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

  /** Asks for each sent document's outcome and records it — while the run's time lasts and KSeF does not limit the rate. */
  private async settle(): Promise<void> {
    for (const entry of this.sent.splice(0)) {
      // Left `sent`: the next run asks for the outcome, never sends again.
      if (this.rateLimitedUntil || this.budget.spent()) {
        this.left.push(entry);
        continue;
      }
      const where = entry.sent!;
      let status: SessionInvoiceStatusResponse;
      try {
        status = await this.call(() =>
          this.client.waitForInvoice(this.access, where.sessionReference, where.invoiceReference, {
            until: this.until,
          }),
        );
      } catch (error) {
        if (isRateLimit(error)) {
          this.rateLimit(error);
          this.left.push(entry);
          continue;
        }
        // Still processing, KSeF silent, or the run's time is up: the entry stays `sent`.
        await this.keepSent(entry, error as Error);
        continue;
      }
      const outcome = invoiceOutcome(status.status.code);
      const duplicateOf = status.status.code === 440 ? status.status.extensions?.originalKsefNumber : null;
      if (outcome === 'accepted' || duplicateOf) {
        const ksefNumber = (duplicateOf ?? status.ksefNumber)!;
        const upoSession = duplicateOf
          ? (status.status.extensions?.originalSessionReferenceNumber ?? where.sessionReference)
          : where.sessionReference;
        try {
          await recordAccepted(
            entry,
            {
              ksefNumber,
              sessionReference: upoSession,
              acquisitionDate: status.acquisitionDate,
              environment: this.config.environment,
              // A duplicate's status is the refused resend's: the original's mode is read from its UPO.
              invoicingMode: duplicateOf ? null : (status.invoicingMode ?? null),
            },
            await this.downloadUpo(upoSession, ksefNumber),
            this.config,
          );
        } catch (error) {
          // Recording is repeatable (record.ts): the next run finds the entry `sent` and records it again.
          logger.error(`submitKsef: recording ${entry.documentId} failed`, error);
          await this.keepSent(entry, error as Error);
          continue;
        }
        this.out.accepted.push(entry.documentId);
      } else if (outcome === 'retry')
        await this.failRetryable(entry, new Error(`KSeF: ${status.status.code} ${status.status.description}`));
      else await this.reject(entry, status.status);
    }
  }

  /**
   * A document's UPO, within the run's time. Not tried (the document stays listed as missing it, due at once) when the
   * time is up or a UPO download found KSeF not answering; after a 429 — this one or an earlier one of the run — it
   * waits for `Retry-After` (no attempt counted; the run stops like after any 429); any other failure is counted and
   * paused (`upoMissingAfter`).
   */
  private async downloadUpo(sessionReference: string, ksefNumber: string): Promise<UpoDownload> {
    if (this.rateLimitedUntil) return { retryAt: this.rateLimitedUntil };
    if (this.upoUnavailable || this.budget.spent()) return {};
    try {
      return { xml: await this.call(() => this.client.invoiceUpo(this.access, sessionReference, ksefNumber)) };
    } catch (error) {
      if (isRateLimit(error)) {
        this.rateLimit(error);
        return { failed: error.message, retryAt: this.rateLimitedUntil };
      }
      if (isOutage(error)) this.upoUnavailable = true;
      logger.warn(`submitKsef: the UPO of ${ksefNumber} could not be downloaded`, error);
      return { failed: (error as Error).message };
    }
  }

  /**
   * Downloads the missing UPOs that are due, unless the run found KSeF down or refusing; after a 429 the ones not
   * asked for wait for its `Retry-After` too.
   */
  private async fetchMissingUpos(entries: KsefOutboxEntry[]): Promise<void> {
    for (const entry of entries) {
      const missing = entry.upoMissing;
      if (!missing || !entry.ksefNumber) continue;
      if (!this.rateLimitedUntil && (this.down || this.stopped)) break;
      const download: UpoDownload = this.rateLimitedUntil
        ? { retryAt: Math.max(this.rateLimitedUntil, missing.nextAttemptAt) }
        : await this.downloadUpo(missing.sessionReference, entry.ksefNumber);
      // Not tried (the time is up, KSeF down): left as it is, due for the next run.
      if (!('xml' in download) && !download.failed && download.retryAt === undefined) continue;
      try {
        await recordUpo(entry, download, this.config);
      } catch (error) {
        logger.error(`submitKsef: recording the UPO of ${entry.documentId} failed`, error);
        continue;
      }
      if ('xml' in download) (this.out.upos ??= []).push(entry.documentId);
    }
  }

  private async keepSent(entry: KsefOutboxEntry, error: Error): Promise<void> {
    await entryRef(entry.documentId).update({ lastError: { message: error.message, at: Date.now() } });
    this.out.deferred.push(entry.documentId);
  }
}
