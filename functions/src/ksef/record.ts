/**
 * The documents the KSeF runner sends and what it records once KSeF accepted one: the KSeF number and the exact
 * file in `/ksef/{uid}/{documentId}` (the record the admin's recordKsefSubmission writes, so the invoice screen,
 * the PDF and KOD I show it), the number in `/ksefNumbers`, the mode KSeF gave it (Online / Offline — an offline one's
 * owner gets KOD II), and the UPO in `/ksefUpo/{documentId}`, or — when it could not be downloaded — the document
 * listed as missing it (`upoMissing`, `/ksefUpoMissing`) for later runs.
 */
import { warsawDate } from '../domain/index.js';
import {
  fileHashBase64Url,
  kodIForRecord,
  ksefFileFor,
  ksefFileForCorrection,
  ksefInvoiceSnapshotSchema,
  ksefNumberClaimSchema,
  ksefOfflineSchema,
  ksefQrBase,
  ksefRecordSchema,
  upoInvoicingMode,
  upoMissingAfter,
  utf8,
  type KsefFile,
  type KsefInvoicingMode,
  type KsefOffline,
  type KsefOutboxEntry,
  type KsefQrEnvironment,
  type KsefRecord,
  type KsefUpo,
} from '../domain/ksef/index.js';
import { correctionInvoiceSchema } from '../domain/refundSchemas.js';
import { db } from '../lib/admin.js';
import { readStored } from '../lib/stored.js';
import { KEEP, transactStored } from '../lib/tx.js';
import { commitWithMail, ksefAcceptedMail } from '../mail/compose.js';
import { kodIIFor } from './offlineCertificate.js';
import type { RunConfig } from './run.js';

/** Who recorded a number the API gave (the `recordedBy` of `/ksef` records; admins record with their uid). */
const KSEF_API_RECORDER = 'ksef-api';

export interface LoadedDocument {
  file: KsefFile;
  issueDate: string;
  /** The document's own number (`FV/…`, `KOR/…`) and seller, for its KOD I and the owner's e-mail. */
  number: string;
  seller: { nip: string };
}

/** The document's FA(3) file, built from its immutable snapshot; `waiting`: a correction whose invoice has no KSeF number yet. */
export async function documentFile(
  entry: Pick<KsefOutboxEntry, 'uid' | 'documentId'>,
): Promise<LoadedDocument | 'waiting' | 'missing'> {
  if (entry.documentId.startsWith('KOR-')) {
    const correction = await readStored(
      `corrections/${entry.uid}/${entry.documentId}`,
      correctionInvoiceSchema,
      `faktura korygująca ${entry.documentId}`,
    );
    if (!correction) return 'missing';
    const corrected = await readStored(
      `ksef/${entry.uid}/${correction.corrected.invoiceId}`,
      ksefRecordSchema,
      `zapis KSeF faktury ${correction.corrected.number}`,
    );
    if (!corrected) return 'waiting';
    return {
      file: ksefFileForCorrection(correction, corrected),
      issueDate: correction.issueDate,
      number: correction.number,
      seller: correction.seller,
    };
  }
  const invoice = await readStored(
    `invoices/${entry.uid}/${entry.documentId}`,
    ksefInvoiceSnapshotSchema,
    `faktura ${entry.documentId}`,
  );
  return invoice
    ? { file: ksefFileFor(invoice), issueDate: invoice.issueDate, number: invoice.number, seller: invoice.seller }
    : 'missing';
}

interface Acceptance {
  ksefNumber: string;
  sessionReference: string;
  acquisitionDate?: string;
  environment: KsefQrEnvironment;
  /** The `invoicingMode` of the document's status; null when the status is not its own (a duplicate: its UPO tells). */
  invoicingMode: KsefInvoicingMode | null;
}

/**
 * What became of a document's UPO download (run.ts): the XML, or what is left for a later run — `failed` (why),
 * `retryAt` (KSeF limited the rate until then), or neither (not tried: the run's time was up); `upoMissingAfter`.
 */
export type UpoDownload = { xml: string } | { failed?: string; retryAt?: number };

/** What KOD II of a document KSeF recorded as offline needs: the login context (the seller) and the offline certificate. */
type OfflineConfig = Pick<RunConfig, 'sellerNip' | 'certificate'>;

/** The `/ksef` record of an accepted document: the file rebuilt from the immutable snapshot (deterministic: the same bytes that were sent). */
function acceptedRecord(loaded: LoadedDocument, at: Acceptance, now: number): KsefRecord {
  if (!loaded.file.ok) throw new Error(`submitKsef: the file of ${loaded.number} cannot be rebuilt`);
  return {
    ksefNumber: at.ksefNumber,
    submittedOn: warsawDate(at.acquisitionDate ? Date.parse(at.acquisitionDate) : now),
    xml: loaded.file.xml,
    sha256: fileHashBase64Url(utf8(loaded.file.xml)),
    recordedAt: now,
    recordedBy: KSEF_API_RECORDER,
    environment: at.environment,
  };
}

/** The updates that store a downloaded UPO (and drop the document from the missing ones), or its next attempt. */
function upoUpdates(
  entry: KsefOutboxEntry,
  sessionReference: string,
  download: UpoDownload,
  now: number,
): Record<string, unknown> {
  const outbox = `ksefOutbox/${entry.documentId}`;
  const index = `ksefUpoMissing/${entry.documentId}`;
  if ('xml' in download)
    return {
      [`ksefUpo/${entry.documentId}`]: { xml: download.xml, sessionReference, at: now } satisfies KsefUpo,
      [`${outbox}/upoMissing`]: null,
      [index]: null,
    };
  const missing = upoMissingAfter(entry.upoMissing, sessionReference, download, now);
  return { [`${outbox}/upoMissing`]: missing, [index]: missing.nextAttemptAt };
}

/**
 * The updates that record the mode KSeF gave the document. KSeF recorded as offline a document we sent online (its
 * issue date was a day before KSeF received it, offline/automatyczne-okreslanie-trybu-offline.md): it is an offline
 * invoice, whose visualisation carries KOD II beside KOD I (kody-qr.md) — its owner gets the `/ksefOffline` record
 * (`byKsef`) the invoice screen and the PDF read KOD II from. A document we handed out offline has that record already.
 */
function modeUpdates(
  entry: KsefOutboxEntry,
  mode: KsefInvoicingMode | null,
  record: Pick<KsefRecord, 'sha256' | 'environment'> | null,
  config: OfflineConfig,
  now: number,
): Record<string, unknown> {
  if (!mode) return {};
  const outbox = `ksefOutbox/${entry.documentId}`;
  const updates: Record<string, unknown> = { [`${outbox}/invoicingMode`]: mode };
  if (mode !== 'Offline' || entry.offline || !record) return updates;
  const kodII = kodIIFor(
    {
      qrBase: ksefQrBase(record.environment),
      contextNip: config.sellerNip,
      sellerNip: config.sellerNip,
      hashBase64Url: record.sha256,
    },
    config.certificate,
  );
  updates[`ksefOffline/${entry.uid}/${entry.documentId}`] = {
    sha256: record.sha256,
    markedAt: now,
    mode: 'offline24',
    ...(kodII ? { kodII } : {}),
    ...(record.environment ? { environment: record.environment } : {}),
    byKsef: true,
  } satisfies KsefOffline;
  updates[`${outbox}/offlineByKsef`] = { at: now, kodII: kodII !== null };
  return updates;
}

/**
 * The owner's offline record of an accepted offline document — the one `modes` writes now (KSeF recorded it offline),
 * or the one made when it was handed out offline; null for an online document. Its acceptance e-mail carries KOD II.
 */
async function ownerOffline(entry: KsefOutboxEntry, modes: Record<string, unknown>): Promise<KsefOffline | null> {
  const path = `ksefOffline/${entry.uid}/${entry.documentId}`;
  if (path in modes) return modes[path] as KsefOffline;
  return entry.offline ? readStored(path, ksefOfflineSchema, `zapis offline ${entry.documentId}`) : null;
}

/**
 * Records an accepted document: claims its number, writes its `/ksef` record (an admin's earlier manual record of
 * the same document stays), then marks the entry accepted — with the mode KSeF gave it, the UPO the run downloaded
 * (or the document listed as missing one, for a later run) and the owner's e-mail (the KSeF number and KOD I; for an
 * offline document KOD II and its PDF too, docs/email.md) — in one update.
 */
export async function recordAccepted(
  entry: KsefOutboxEntry,
  at: Acceptance,
  upo: UpoDownload,
  config: OfflineConfig,
): Promise<void> {
  const now = Date.now();
  const loaded = await documentFile(entry);
  if (typeof loaded === 'string') throw new Error(`submitKsef: ${entry.documentId} is ${loaded}`);
  const record = acceptedRecord(loaded, at, now);
  const claim = { uid: entry.uid, invoiceId: entry.documentId };
  await transactStored(
    `ksefNumbers/${at.ksefNumber}`,
    ksefNumberClaimSchema,
    `numer KSeF ${at.ksefNumber}`,
    (cur) => cur ?? claim,
  );
  const { value: stored } = await transactStored(
    `ksef/${entry.uid}/${entry.documentId}`,
    ksefRecordSchema,
    `zapis KSeF ${entry.documentId}`,
    (cur) => (cur ? KEEP : record),
  );
  const kept = stored ?? record;
  const mode = at.invoicingMode ?? ('xml' in upo ? upoInvoicingMode(upo.xml) : null);
  const modes = modeUpdates(entry, mode, kept, config, now);
  const offline = await ownerOffline(entry, modes);
  const mail = await ksefAcceptedMail(entry.uid, {
    documentId: entry.documentId,
    number: loaded.number,
    ksefNumber: kept.ksefNumber,
    kodI: kodIForRecord(loaded, kept),
    ...(offline ? { offline: true, ...(offline.kodII ? { kodII: offline.kodII } : {}) } : {}),
  });
  const outbox = `ksefOutbox/${entry.documentId}`;
  await commitWithMail(
    {
      ...upoUpdates(entry, at.sessionReference, upo, now),
      ...modes,
      [`${outbox}/status`]: 'accepted',
      [`${outbox}/ksefNumber`]: at.ksefNumber,
      [`${outbox}/acceptedAt`]: now,
      [`${outbox}/lastError`]: null,
      [`${outbox}/waitingFor`]: null,
      [`${outbox}/rejection`]: null,
      [`${outbox}/nextAttemptAt`]: null,
    },
    mail,
  );
}

/**
 * Records what a later run's download of a missing UPO gave: the UPO, or its next attempt. A duplicate's mode, unknown
 * until its original's UPO is read, is recorded with it.
 */
export async function recordUpo(entry: KsefOutboxEntry, download: UpoDownload, config: OfflineConfig): Promise<void> {
  const now = Date.now();
  const sessionReference = entry.upoMissing?.sessionReference;
  if (!sessionReference) return;
  const updates = upoUpdates(entry, sessionReference, download, now);
  const mode = !entry.invoicingMode && 'xml' in download ? upoInvoicingMode(download.xml) : null;
  if (mode) {
    const record =
      mode === 'Offline'
        ? await readStored(`ksef/${entry.uid}/${entry.documentId}`, ksefRecordSchema, `zapis KSeF ${entry.documentId}`)
        : null;
    Object.assign(updates, modeUpdates(entry, mode, record, config, now));
  }
  await db.ref().update(updates);
}
