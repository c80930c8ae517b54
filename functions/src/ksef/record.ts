/**
 * The documents the KSeF runner sends and what it records once KSeF accepted one: the KSeF number and the exact
 * file in `/ksef/{uid}/{documentId}` (the record the admin's recordKsefSubmission writes, so the invoice screen,
 * the PDF and KOD I show it), the number in `/ksefNumbers`, the UPO in `/ksefUpo/{documentId}`.
 */
import { logger } from 'firebase-functions/v2';
import { warsawDate, type Invoice } from '../domain/index.js';
import { fileHashBase64Url, ksefFileFor, ksefFileForCorrection, ksefRecordSchema, utf8, type KsefFile, type KsefOutboxEntry, type KsefRecord } from '../domain/ksef/index.js';
import type { CorrectionInvoice } from '../domain/refunds.js';
import { db } from '../lib/admin.js';
import { readStored } from '../lib/stored.js';
import { transact } from '../lib/tx.js';
import type { KsefClient } from './client.js';

/** Who recorded a number the API gave (the `recordedBy` of `/ksef` records; admins record with their uid). */
export const KSEF_API_RECORDER = 'ksef-api';

export interface LoadedDocument {
  file: KsefFile;
  issueDate: string;
}

/** The document's FA(3) file, built from its immutable snapshot; `waiting`: a correction whose invoice has no KSeF number yet. */
export async function documentFile(entry: Pick<KsefOutboxEntry, 'uid' | 'documentId'>): Promise<LoadedDocument | 'waiting' | 'missing'> {
  if (entry.documentId.startsWith('KOR-')) {
    const correction = (await db.ref(`corrections/${entry.uid}/${entry.documentId}`).get()).val() as CorrectionInvoice | null;
    if (!correction) return 'missing';
    const corrected = await readStored(`ksef/${entry.uid}/${correction.corrected.invoiceId}`, ksefRecordSchema, `zapis KSeF faktury ${correction.corrected.number}`);
    if (!corrected) return 'waiting';
    return { file: ksefFileForCorrection(correction, corrected), issueDate: correction.issueDate };
  }
  const invoice = (await db.ref(`invoices/${entry.uid}/${entry.documentId}`).get()).val() as Invoice | null;
  return invoice ? { file: ksefFileFor(invoice), issueDate: invoice.issueDate } : 'missing';
}

export async function recordAccepted(client: KsefClient, access: string, entry: KsefOutboxEntry, at: { ksefNumber: string; sessionReference: string; acquisitionDate?: string }): Promise<void> {
  // The file is rebuilt from the immutable snapshot (deterministic: the same bytes that were sent).
  const loaded = await documentFile(entry);
  if (typeof loaded === 'string' || !loaded.file.ok) throw new Error(`submitKsef: the file of ${entry.documentId} cannot be rebuilt`);
  const now = Date.now();
  const { ksefNumber, sessionReference } = at;
  const record: KsefRecord = {
    ksefNumber,
    submittedOn: warsawDate(at.acquisitionDate ? Date.parse(at.acquisitionDate) : now),
    xml: loaded.file.xml,
    sha256: fileHashBase64Url(utf8(loaded.file.xml)),
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
  await db.ref(`ksefOutbox/${entry.documentId}`).update({ status: 'accepted', ksefNumber, acceptedAt: now, lastError: null, waitingFor: null, rejection: null, nextAttemptAt: null });
}
