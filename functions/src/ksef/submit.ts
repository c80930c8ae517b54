/**
 * Automatic submission of the KSeF outbox (`/ksefOutbox`, domain/ksef/outbox.ts; docs/ksef.md): one run at a
 * time (the `/ksefRun` lock) reads the due entries — and the accepted documents whose missing UPO is due
 * (`/ksefUpoMissing`) — and hands them to a `KsefRun` (run.ts), which logs in, opens one online session, sends,
 * records the outcomes, downloads the missing UPOs, marks what KSeF could not take as offline24, and ends its login.
 */
import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions/v2';
import { sellerSchema } from '../domain/index.js';
import {
  KSEF_ENVIRONMENTS,
  KSEF_OFFLINE_MODE_LABELS,
  ksefOutboxEntrySchema,
  ksefUpoMissingIndexSchema,
  outageActive,
  ksefQrBase,
  ksefRunLockSchema,
  type KsefLastRun,
  ksefQrEnvironmentSchema,
  type KsefEnvironment,
  type KsefOutboxEntry,
  type KsefQrEnvironment,
  type SubmitKsefOutput,
} from '../domain/ksef/index.js';
import { db } from '../lib/admin.js';
import { secretOptions } from '../lib/secrets.js';
import { readStored } from '../lib/stored.js';
import { KEEP, transactStored } from '../lib/tx.js';
import { KsefClient } from './client.js';
import { markOffline } from './offline.js';
import { offlineCertificate, type OfflineCertificate } from './offlineCertificate.js';
import { readOutage } from './outage.js';
import { KsefRun } from './run.js';

const RUN_LOCK_STALE_MS = 10 * 60_000;
const RUN_LOCK_WHAT = 'blokada wysyłki do KSeF';

/**
 * Bind the secrets only where the environment does not provide them (the local stack gives the stand-in's token
 * and its own offline certificate); the offline key only when an offline certificate is configured.
 */
export function ksefSecretOptions() {
  const env = process.env;
  return secretOptions([
    // Without an address nothing is sent (ksefConfig), so the token is bound once one is configured.
    ...(env.KSEF_ENVIRONMENT?.trim() || env.KSEF_BASE_URL?.trim() ? ['KSEF_TOKEN'] : []),
    ...(env.KSEF_OFFLINE_CERTIFICATE?.trim() ? ['KSEF_OFFLINE_KEY'] : []),
  ]);
}

interface KsefConfig {
  baseUrl: string;
  token: string;
  /** The environment the documents go to: recorded with them, it picks the host of their KOD I and KOD II. */
  environment: KsefQrEnvironment;
  /** Where KOD I and KOD II links point (qr-test / qr-demo / qr). */
  qrBase: string;
}

/** `KSEF_ENVIRONMENT` (test | demo | production); production when it is not set (or not one of them). */
export function ksefEnvironment(env: NodeJS.ProcessEnv = process.env): KsefQrEnvironment {
  const parsed = ksefQrEnvironmentSchema.safeParse(env.KSEF_ENVIRONMENT?.trim());
  return parsed.success ? parsed.data : 'production';
}

/** `KSEF_BASE_URL` (any address, e.g. the local stand-in) or `KSEF_ENVIRONMENT` (test | demo | production); and the token. */
function ksefConfig(env: NodeJS.ProcessEnv = process.env): KsefConfig | null {
  const token = env.KSEF_TOKEN?.trim();
  const named = env.KSEF_ENVIRONMENT?.trim() as KsefEnvironment | undefined;
  const baseUrl = env.KSEF_BASE_URL?.trim() || (named && KSEF_ENVIRONMENTS[named]);
  const environment = ksefEnvironment(env);
  return token && baseUrl ? { baseUrl, token, environment, qrBase: ksefQrBase(environment) } : null;
}

/** The entries a run takes: the chosen ones (rejected ones too — the admin fixed the data), or every queued / sent one whose pause has passed. */
async function dueEntries(chosen: Set<string> | null, now: number): Promise<KsefOutboxEntry[]> {
  const all: Record<string, unknown> = {};
  if (chosen) for (const id of chosen) all[id] = (await db.ref(`ksefOutbox/${id}`).get()).val();
  // Only the entries that can be due are read (index on status; accepted ones accumulate).
  else
    for (const status of ['queued', 'sent'])
      Object.assign(all, (await db.ref('ksefOutbox').orderByChild('status').equalTo(status).get()).val() ?? {});
  const due: KsefOutboxEntry[] = [];
  for (const [id, raw] of Object.entries(all)) {
    if (raw === null) continue;
    const parsed = ksefOutboxEntrySchema.safeParse(raw);
    if (!parsed.success || parsed.data.documentId !== id) {
      logger.error(`submitKsef: outbox entry ${id} is not valid`, parsed.success ? 'key mismatch' : parsed.error);
      continue;
    }
    const e = parsed.data;
    if (
      chosen ? e.status !== 'accepted' : (e.status === 'queued' || e.status === 'sent') && (e.nextAttemptAt ?? 0) <= now
    )
      due.push(e);
  }
  // Invoices before corrections, each in number order: a correction may find its invoice accepted in this run.
  const isCorrection = (e: KsefOutboxEntry) => e.documentId.startsWith('KOR-');
  return due.sort((a, b) =>
    isCorrection(a) === isCorrection(b) ? a.documentId.localeCompare(b.documentId) : isCorrection(a) ? 1 : -1,
  );
}

/**
 * The accepted documents whose missing UPO a run downloads: those whose pause has passed (`/ksefUpoMissing`), or the
 * chosen ones missing it (the admin asks now). An index key whose entry no longer misses its UPO is dropped.
 */
async function dueUpos(chosen: Set<string> | null, now: number): Promise<KsefOutboxEntry[]> {
  const index = ksefUpoMissingIndexSchema.safeParse((await db.ref('ksefUpoMissing').get()).val() ?? {});
  if (!index.success) {
    logger.error('submitKsef: /ksefUpoMissing is not valid', index.error);
    return [];
  }
  const due: KsefOutboxEntry[] = [];
  const stale: Record<string, null> = {};
  for (const [id, nextAttemptAt] of Object.entries(index.data).sort(([, a], [, b]) => a - b)) {
    if (chosen ? !chosen.has(id) : nextAttemptAt > now) continue;
    const parsed = ksefOutboxEntrySchema.safeParse((await db.ref(`ksefOutbox/${id}`).get()).val());
    if (parsed.success && parsed.data.status === 'accepted' && parsed.data.upoMissing && parsed.data.ksefNumber)
      due.push(parsed.data);
    else stale[`ksefUpoMissing/${id}`] = null;
  }
  if (Object.keys(stale).length) await db.ref().update(stale);
  return due;
}

function certificateOrNull(): OfflineCertificate | null {
  try {
    return offlineCertificate();
  } catch (error) {
    logger.error('submitKsef: the offline certificate cannot be used', error);
    return null;
  }
}

/** Under the run lock (one run at a time; a run that finds it held answers `busy`). */
async function underRunLock(out: SubmitKsefOutput, run: () => Promise<SubmitKsefOutput>): Promise<SubmitKsefOutput> {
  const lockToken = randomUUID();
  const lock = await transactStored('ksefRun', ksefRunLockSchema, RUN_LOCK_WHAT, (cur) =>
    cur && cur.at > Date.now() - RUN_LOCK_STALE_MS ? KEEP : { token: lockToken, at: Date.now() },
  );
  if (lock.value?.token !== lockToken) return { ...out, busy: true };
  try {
    return await run();
  } finally {
    await transactStored('ksefRun', ksefRunLockSchema, RUN_LOCK_WHAT, (cur) =>
      cur?.token === lockToken ? null : KEEP,
    );
  }
}

/**
 * One run over the outbox (or over the chosen documents: for an accepted one, its missing UPO), within `budgetMs`
 * (lib/timeBudget.ts: RUN_BUDGET_MS for the schedule, CALL_BUDGET_MS for a callable): once it is spent the run starts
 * no new document and leaves the rest for the next one. While a declared outage lasts (outage.ts) KSeF is not tried:
 * the due documents not yet sent are handed out offline in the outage's mode, the missing UPOs wait.
 */
export async function submitKsefOutbox(
  budgetMs: number,
  options: { documentIds?: string[]; client?: KsefClient } = {},
): Promise<SubmitKsefOutput> {
  const out: SubmitKsefOutput = {
    configured: false,
    accepted: [],
    rejected: [],
    waiting: [],
    deferred: [],
    offline: [],
    upos: [],
  };
  const config = ksefConfig();
  if (!config) return out;
  out.configured = true;
  const seller = await readStored('event/seller', sellerSchema, 'dane sprzedawcy');
  if (!seller) return { ...out, error: 'Brak danych sprzedawcy (NIP)' };

  return underRunLock(out, async () => {
    const chosen = options.documentIds ? new Set(options.documentIds) : null;
    const due = await dueEntries(chosen, Date.now());
    const upos = await dueUpos(chosen, Date.now());
    if (!due.length && !upos.length) return out;
    const runConfig = { ...config, sellerNip: seller.nip, certificate: certificateOrNull() };
    const outage = await readOutage();
    // A declared outage: KSeF is not asked for UPOs either; they wait for its end.
    if (outageActive(outage)) {
      out.outage = outage.mode;
      out.deferred.push(...due.map((e) => e.documentId));
      out.offline.push(
        ...(await markOffline(
          due.filter((e) => e.status !== 'sent'),
          `Komunikat Ministerstwa Finansów: ${KSEF_OFFLINE_MODE_LABELS[outage.mode]}`,
          runConfig,
          outage.mode,
        )),
      );
    } else
      await new KsefRun(
        options.client ?? new KsefClient({ baseUrl: config.baseUrl }),
        runConfig,
        out,
        budgetMs,
      ).execute(due, upos);
    const left = new Set(out.deferred).size;
    const lastRun: KsefLastRun = {
      at: Date.now(),
      accepted: out.accepted.length,
      rejected: out.rejected.length,
      offline: out.offline.length,
      ...(left ? { left } : {}),
      ...(out.rateLimitedUntil ? { rateLimitedUntil: out.rateLimitedUntil } : {}),
      ...(out.error ? { error: out.error.slice(0, 1000) } : {}),
    };
    await db.ref('ksefLastRun').set(lastRun);
    return out;
  });
}
