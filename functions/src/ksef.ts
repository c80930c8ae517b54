import { onCall } from 'firebase-functions/v2/https';
import { z } from 'zod';
import {
  recordKsefSubmissionInput,
  warsawDate,
  type Invoice,
  type RecordKsefSubmissionOutput,
} from './domain/index.js';
import {
  describeFa3Problems,
  kodIForRecord,
  ksefFileFor,
  ksefFileForCorrection,
  ksefInvoiceSnapshotSchema,
  ksefNumberClaimSchema,
  ksefRecordSchema,
  ksefRequired,
  manualKsefNumberProblem,
  parseKsefNumber,
  type KsefFile,
  type KsefNumberClaim,
  type KsefRecord,
} from './domain/ksef/index.js';
import { correctionInvoiceSchema } from './domain/refundSchemas.js';
import { requireAdmin } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';
import { readStored } from './lib/stored.js';
import { KEEP, transactStored } from './lib/tx.js';
import { ksefEnvironment } from './ksef/submit.js';

type RecordInput = z.output<typeof recordKsefSubmissionInput>;
type DocumentHead = Pick<Invoice, 'number' | 'issueDate' | 'seller'>;

/** The invoice or correction the number is recorded for, and its FA(3) file (a snapshot that cannot form one is refused). */
async function documentToRecord(
  input: RecordInput,
): Promise<{ document: DocumentHead; file: KsefFile & { ok: true } }> {
  let document: DocumentHead;
  let file: KsefFile;
  if (input.invoiceId.startsWith('KOR-')) {
    const correction = await readStored(
      `corrections/${input.uid}/${input.invoiceId}`,
      correctionInvoiceSchema,
      `faktura korygująca ${input.invoiceId}`,
    );
    if (!correction)
      throw refuse('invoice-missing', { field: 'invoiceId', message: 'Nie znaleziono faktury korygującej' });
    const corrected = await readStored(
      `ksef/${input.uid}/${correction.corrected.invoiceId}`,
      ksefRecordSchema,
      `zapis KSeF faktury ${correction.corrected.number}`,
    );
    if (!corrected && ksefRequired(correction.buyer))
      throw refuse('ksef-invalid', {
        field: 'invoiceId',
        message: `Najpierw zapisz numer KSeF faktury korygowanej ${correction.corrected.number} — korekta musi go podać`,
      });
    document = correction;
    file = ksefFileForCorrection(correction, corrected);
  } else {
    const invoice = await readStored(
      `invoices/${input.uid}/${input.invoiceId}`,
      ksefInvoiceSnapshotSchema,
      `faktura ${input.invoiceId}`,
    );
    if (!invoice) throw refuse('invoice-missing', { field: 'invoiceId' });
    document = invoice;
    file = ksefFileFor(invoice);
  }
  if (!file.ok) throw refuse('ksef-invalid', { message: describeFa3Problems(file.problems), problems: file.problems });
  return { document, file };
}

/** Claims `/ksefNumbers/{number}` for this document; a number another document holds is refused, naming that document. */
async function claimNumber(input: RecordInput): Promise<void> {
  const own: KsefNumberClaim = { uid: input.uid, invoiceId: input.invoiceId };
  const { value } = await transactStored(
    `ksefNumbers/${input.ksefNumber}`,
    ksefNumberClaimSchema,
    `numer KSeF ${input.ksefNumber}`,
    (cur) => (cur && (cur.uid !== own.uid || cur.invoiceId !== own.invoiceId) ? KEEP : own),
  );
  if (value && value.uid === own.uid && value.invoiceId === own.invoiceId) return;
  const otherNumber = value
    ? await readStored(
        `${value.invoiceId.startsWith('KOR-') ? 'corrections' : 'invoices'}/${value.uid}/${value.invoiceId}/number`,
        z.string(),
        'numer faktury',
      )
    : null;
  throw refuse('ksef-number-used', {
    field: 'ksefNumber',
    ...(otherNumber ? { message: `Ten numer KSeF jest już zapisany przy fakturze ${otherNumber}` } : {}),
  });
}

/** Gives the claim back (only our own): the document kept another number. */
async function releaseNumber(input: RecordInput): Promise<void> {
  await transactStored(
    `ksefNumbers/${input.ksefNumber}`,
    ksefNumberClaimSchema,
    `numer KSeF ${input.ksefNumber}`,
    (cur) => (cur && cur.uid === input.uid && cur.invoiceId === input.invoiceId ? null : KEEP),
  );
}

/**
 * Admin: records the KSeF number an invoice or a correction invoice (`KOR-…`, `/corrections/{uid}/…`) received
 * after the admin sent its FA(3) file to KSeF elsewhere (the runner records the numbers of what it sends). A
 * correction of an invoice that must be in KSeF names that invoice's KSeF number, so its own number can be
 * recorded only after the invoice's. Steps (docs/data-model.md, „recordKsefSubmission”): the document and its
 * file, the number's checks (domain), the claim of the number (the lock), then the record (the commit point);
 * a document that already holds another number gives the claim back and is refused.
 */
export const recordKsefSubmission = onCall(async (request): Promise<RecordKsefSubmissionOutput> => {
  const input = parseInput(recordKsefSubmissionInput, request.data);
  const caller = requireAdmin(request);
  const now = Date.now();
  const { document, file } = await documentToRecord(input);
  const problem = manualKsefNumberProblem(
    document,
    parseKsefNumber(input.ksefNumber)!,
    input.submittedOn,
    warsawDate(now),
  );
  if (problem) throw refuse('invalid-input', problem);

  await claimNumber(input);
  const record: KsefRecord = {
    ksefNumber: input.ksefNumber,
    submittedOn: input.submittedOn,
    xml: file.xml,
    sha256: file.sha256,
    recordedAt: now,
    recordedBy: caller.uid,
    environment: ksefEnvironment(),
  };
  const { written, value: stored } = await transactStored(
    `ksef/${input.uid}/${input.invoiceId}`,
    ksefRecordSchema,
    `zapis KSeF ${input.invoiceId}`,
    (cur) => (cur ? KEEP : record),
  );
  if (!stored || stored.ksefNumber !== input.ksefNumber) {
    await releaseNumber(input);
    throw refuse('ksef-already-recorded', {
      message: `Faktura ${document.number} ma już zapisany numer KSeF ${stored?.ksefNumber ?? ''}`.trim(),
      ksefNumber: stored?.ksefNumber,
    });
  }
  return {
    invoiceId: input.invoiceId,
    ksefNumber: stored.ksefNumber,
    sha256: stored.sha256,
    kodI: kodIForRecord(document, stored),
    created: written,
  };
});
