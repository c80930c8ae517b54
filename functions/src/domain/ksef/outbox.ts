/**
 * `/ksefOutbox/{documentId}`: the documents waiting for, in, or done with automatic submission to KSeF
 * (docs/ksef.md, „Automatic submission”). An entry is written in the same multi-path update that issues the
 * invoice (confirmPayment, the bank booking) or the correction (approveRefund, startRefund), so a document
 * that must go to KSeF cannot be issued without being queued. Only the functions write; admins read
 * (the root rule).
 */
import { z } from 'zod';
import { isoDateSchema, type InvoiceData } from '../schemas.js';
import { KSEF_INVOICING_MODES } from './api.js';
import { KSEF_NUMBER_PATTERN } from './ksefNumber.js';
import { ksefOfflineModeSchema } from './offline.js';
import { ksefRequired } from './record.js';

const KSEF_OUTBOX_STATUSES = ['queued', 'sent', 'accepted', 'rejected'] as const;

const documentIdPattern = /^(FV|KOR)-\d{4}-\d{6,}$/;
const failureSchema = z.strictObject({ message: z.string(), at: z.number().int() });

/**
 * An accepted document whose UPO (the official receipt) is not stored yet: the download failed (or was not tried —
 * the run's time was up, KSeF limited the rate). Later runs download it from `sessionReference` once `nextAttemptAt`
 * has passed (`upoMissingAfter`).
 */
export const ksefUpoMissingSchema = z.strictObject({
  /** The session the document was accepted in (a duplicate's: the original's) — where its UPO is. */
  sessionReference: z.string().min(1),
  since: z.number().int(),
  /** Failed downloads (a rate limit is not counted). */
  attempts: z.number().int().min(0),
  nextAttemptAt: z.number().int(),
  lastError: failureSchema.optional(),
});
type KsefUpoMissing = z.output<typeof ksefUpoMissingSchema>;

/**
 * `/ksefUpoMissing/{documentId}`: the next attempt (epoch ms) of every document whose UPO is missing — the runner's
 * index (accepted outbox entries accumulate, and only their status is indexed). Written with the entry's `upoMissing`
 * in the same update, removed with it.
 */
export const ksefUpoMissingIndexSchema = z.record(z.string().regex(documentIdPattern), z.number().int());

export const ksefOutboxEntrySchema = z.strictObject({
  uid: z.string().min(1).max(128),
  /** `FV-…` or `KOR-…` — also the key. */
  documentId: z.string().regex(documentIdPattern),
  /** A correction's invoice: the correction is sent only after that invoice has a KSeF number. */
  correctedId: z
    .string()
    .regex(/^FV-\d{4}-\d{6,}$/)
    .optional(),
  status: z.enum(KSEF_OUTBOX_STATUSES),
  queuedAt: z.number().int(),
  attempts: z.number().int().min(0).optional(),
  /** Not before this time (after a failure that may pass). */
  nextAttemptAt: z.number().int().optional(),
  /** Where it was sent (status `sent` and after): how an interrupted run finds the outcome instead of sending again. */
  sent: z.strictObject({ sessionReference: z.string(), invoiceReference: z.string(), at: z.number().int() }).optional(),
  ksefNumber: z.string().regex(KSEF_NUMBER_PATTERN).optional(),
  acceptedAt: z.number().int().optional(),
  /** The Ministry's refusal (or our own, when the file cannot be built): shown to the admin. */
  rejection: z
    .strictObject({
      code: z.number().int(),
      description: z.string(),
      details: z.array(z.string()).optional(),
      at: z.number().int(),
    })
    .optional(),
  /** The last failure that may pass (KSeF unavailable, timeout). */
  lastError: failureSchema.optional(),
  /** Set while the entry waits for its corrected invoice's number. */
  waitingFor: z.string().optional(),
  /**
   * Handed out in offline24 mode (domain/ksef/offline.ts): KSeF did not answer when the document was due. It is
   * sent with `offlineMode` once KSeF answers. A declared outage (`/ksefOutage`) hands documents out in its own
   * mode (unavailability, emergency) without trying KSeF; `deadline` per mode: `offlineDeadline`.
   */
  offline: z
    .strictObject({
      since: z.number().int(),
      /** Absent while the declared outage it waits for lasts (offlineDeadline). */
      deadline: z.optional(isoDateSchema),
      /** offline24 when absent (documents marked before the modes were told apart). */
      mode: ksefOfflineModeSchema.optional(),
      reason: z.string().max(1000),
      kodII: z.boolean(),
    })
    .optional(),
  /**
   * How KSeF recorded the accepted document (its status's `invoicingMode`; a duplicate's, from the original's UPO):
   * `Offline` also for a document sent online whose issue date is a day before KSeF received it
   * (offline/automatyczne-okreslanie-trybu-offline.md). Absent until known.
   */
  invoicingMode: z.enum(KSEF_INVOICING_MODES).optional(),
  /**
   * KSeF recorded as offline a document sent online (`invoicingMode` Offline, no `offline`): it is an offline invoice,
   * and its owner's `/ksefOffline` record (with `byKsef`) gives KOD II for its visualisation; `kodII`: a link exists
   * (an offline certificate is configured).
   */
  offlineByKsef: z.strictObject({ at: z.number().int(), kodII: z.boolean() }).optional(),
  /** Accepted, but the UPO is not stored yet: later runs download it (`/ksefUpoMissing`). */
  upoMissing: ksefUpoMissingSchema.optional(),
});
export type KsefOutboxEntry = z.output<typeof ksefOutboxEntrySchema>;

/**
 * A UPO still missing after a run: `failed` — the download failed (its reason); `retryAt` — KSeF limited the rate
 * (HTTP 429, until its `Retry-After`), which counts no attempt; neither — not tried (the run's time was up): due at
 * once. A failed attempt pauses the next one 1, 2, 4 … minutes (at most an hour), like a failed send.
 */
export function upoMissingAfter(
  previous: KsefUpoMissing | undefined,
  sessionReference: string,
  outcome: { failed?: string; retryAt?: number },
  now: number,
): KsefUpoMissing {
  const lastError = outcome.failed ? { message: outcome.failed.slice(0, 1000), at: now } : previous?.lastError;
  const attempts = (previous?.attempts ?? 0) + (outcome.failed && outcome.retryAt === undefined ? 1 : 0);
  const nextAttemptAt =
    outcome.retryAt !== undefined
      ? Math.max(now, outcome.retryAt)
      : outcome.failed
        ? now + ksefRetryDelayMs(attempts)
        : now;
  return {
    sessionReference,
    since: previous?.since ?? now,
    attempts,
    nextAttemptAt,
    ...(lastError ? { lastError } : {}),
  };
}

/**
 * Whether a document goes to KSeF: an invoice or correction to a buyer with a NIP always (KSeF is mandatory for
 * them); a consumer's invoice when the event's setting `ksefConsumerInvoices` is on when it is issued; a consumer's
 * correction when its invoice went to KSeF (`invoiceQueued`: the invoice has an outbox entry) — a correction
 * follows its invoice, whatever the setting says by then.
 */
export function ksefQueued(
  buyer: Pick<InvoiceData, 'kind'>,
  rule: { consumerInvoices: boolean } | { invoiceQueued: boolean },
): boolean {
  if (ksefRequired(buyer)) return true;
  return 'consumerInvoices' in rule ? rule.consumerInvoices : rule.invoiceQueued;
}

/** The update entries that queue a document (when `ksefQueued` says so; nothing otherwise). */
export function ksefOutboxUpdates(
  doc: { uid: string; documentId: string; buyer: Pick<InvoiceData, 'kind'>; correctedId?: string },
  now: number,
  queued = ksefRequired(doc.buyer),
): Record<string, KsefOutboxEntry> {
  if (!queued) return {};
  const entry: KsefOutboxEntry = {
    uid: doc.uid,
    documentId: doc.documentId,
    status: 'queued',
    queuedAt: now,
    ...(doc.correctedId ? { correctedId: doc.correctedId } : {}),
  };
  return { [`ksefOutbox/${doc.documentId}`]: entry };
}

/** `/ksefRun`: the lock of the one run at a time (stale after 10 minutes: its run died). */
export const ksefRunLockSchema = z.strictObject({ token: z.string().min(1), at: z.number().int() });

/** `/ksefLastRun`: what the last run of the sender did, for the admin's KSeF board. */
export const ksefLastRunSchema = z.strictObject({
  at: z.number().int(),
  accepted: z.number().int().min(0),
  rejected: z.number().int().min(0),
  offline: z.number().int().min(0).optional(),
  /** Documents the run left queued (or sent, outcome not yet known) for the next one. */
  left: z.number().int().min(0).optional(),
  /** KSeF limited the rate (HTTP 429): the run stopped, and the documents it left wait until this time (`Retry-After`). */
  rateLimitedUntil: z.number().int().optional(),
  /** Why the run stopped or failed, for the admin (Polish). */
  error: z.string().max(1000).optional(),
});
export type KsefLastRun = z.output<typeof ksefLastRunSchema>;

/** Failures that may pass wait 1, 2, 4 … minutes, at most an hour. */
export function ksefRetryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/** `submitKsef` input: the documents an admin chose („Wyślij ponownie”, also rejected ones), or none = every due one. */
export const submitKsefInput = z.strictObject({
  documentIds: z
    .array(z.string().regex(/^(FV|KOR)-\d{4}-\d{6,}$/, { message: 'Nieprawidłowy identyfikator faktury' }))
    .min(1, { message: 'Wybierz co najmniej jeden dokument' })
    .max(50, { message: 'Naraz można wysłać najwyżej 50 dokumentów' })
    .optional(),
});

/**
 * `setKsefOutage` input: declare an outage the Ministry announced — `unavailability` („niedostępność KSeF”) or
 * `emergency` (a failure, „tryb awaryjny”; declared during an unavailability it escalates it) — or `ended`: the
 * current one ended on `endedOn` (default today).
 */
export const setKsefOutageInput = z.strictObject({
  mode: z.enum(['unavailability', 'emergency', 'ended'], {
    error: 'Wybierz: niedostępność KSeF, awaria (tryb awaryjny) albo koniec awarii',
  }),
  note: z
    .string({ error: 'Opis musi być tekstem' })
    .trim()
    .max(500, { message: 'Opis może mieć najwyżej 500 znaków' })
    .optional(),
  endedOn: z.optional(isoDateSchema),
});

export interface SetKsefOutageOutput {
  /** The outage as it is stored now. */
  outage: { mode: 'unavailability' | 'emergency'; since: number; endedOn?: string };
  /** Documents handed out offline by the declaration, or given their deadline by the end. */
  documents: string[];
}

export interface SubmitKsefOutput {
  /** false: no KSeF token / address configured — nothing was sent. */
  configured: boolean;
  /** Another run holds the lock. */
  busy?: boolean;
  accepted: string[];
  rejected: string[];
  /** Corrections whose invoice has no KSeF number yet. */
  waiting: string[];
  /** Left for a later run: KSeF did not answer, limited the rate, refused the login or the session, or is still processing; or the run's time ran out. */
  deferred: string[];
  /** Marked offline in this run (KSeF did not answer, or an outage is declared). */
  offline: string[];
  /** Accepted documents whose missing UPO this run downloaded. */
  upos?: string[];
  /** A declared outage lasts: KSeF was not tried. */
  outage?: 'unavailability' | 'emergency';
  /** KSeF answered 429: nothing is sent before this time (epoch ms, from `Retry-After`). */
  rateLimitedUntil?: number;
  error?: string;
}
