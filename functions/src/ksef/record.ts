/**
 * The documents the KSeF runner sends and what it records once KSeF accepted one: the KSeF number and the exact
 * file in `/ksef/{uid}/{documentId}` (the record the admin's recordKsefSubmission writes, so the invoice screen,
 * the PDF and KOD I show it), the number in `/ksefNumbers`, the UPO in `/ksefUpo/{documentId}`.
 */
import { logger } from 'firebase-functions/v2';
import { warsawDate } from '../domain/index.js';
import {
  fileHashBase64Url,
  kodIForRecord,
  ksefFileFor,
  ksefFileForCorrection,
  ksefInvoiceSnapshotSchema,
  ksefNumberClaimSchema,
  ksefRecordSchema,
  utf8,
  type KsefFile,
  type KsefOutboxEntry,
  type KsefQrEnvironment,
  type KsefRecord,
  type KsefUpo,
} from '../domain/ksef/index.js';
import { correctionInvoiceSchema } from '../domain/refundSchemas.js';
import { readStored } from '../lib/stored.js';
import { KEEP, transactStored } from '../lib/tx.js';
import { commitWithMail, ksefAcceptedMail } from '../mail/compose.js';
import type { KsefClient } from './client.js';

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
}

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

/**
 * Records an accepted document: claims its number, writes its `/ksef` record (an admin's earlier manual record of
 * the same document stays), downloads the UPO, then marks the entry accepted with the UPO and the owner's e-mail
 * (the KSeF number and KOD I, docs/email.md) in one update.
 */
export async function recordAccepted(
  client: KsefClient,
  access: string,
  entry: KsefOutboxEntry,
  at: Acceptance,
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
  const mail = await ksefAcceptedMail(entry.uid, {
    documentId: entry.documentId,
    number: loaded.number,
    ksefNumber: kept.ksefNumber,
    kodI: kodIForRecord(loaded, kept),
  });
  const upo = await client.invoiceUpo(access, at.sessionReference, at.ksefNumber).catch((error: unknown) => {
    logger.warn(`submitKsef: the UPO of ${entry.documentId} could not be downloaded`, error);
    return null;
  });
  const outbox = `ksefOutbox/${entry.documentId}`;
  await commitWithMail(
    {
      ...(upo
        ? {
            [`ksefUpo/${entry.documentId}`]: {
              xml: upo,
              sessionReference: at.sessionReference,
              at: now,
            } satisfies KsefUpo,
          }
        : {}),
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
