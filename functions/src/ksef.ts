import { onCall } from 'firebase-functions/v2/https';
import { recordKsefSubmissionInput, warsawDate, type Invoice, type RecordKsefSubmissionOutput } from './domain/index.js';
import { describeFa3Problems, kodIForRecord, ksefFileFor, ksefFileForCorrection, ksefRecordSchema, ksefRequired, parseKsefNumber, type KsefFile, type KsefRecord } from './domain/ksef/index.js';
import type { CorrectionInvoice } from './domain/refunds.js';
import { db } from './lib/admin.js';
import { requireAdmin } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';
import { readStored } from './lib/stored.js';
import { transact } from './lib/tx.js';

interface NumberClaim {
  uid: string;
  invoiceId: string;
}

const polishDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * Admin: records the KSeF number an invoice or a correction invoice (`KOR-…`, `/corrections/{uid}/…`)
 * received after the admin sent its FA(3) file to KSeF. (Sending through KSeF's API is a later step;
 * this is the seam it will write through.) A correction of an invoice that must be in KSeF (a company
 * buyer) names that invoice's KSeF number, so its own number can be recorded only after the invoice's.
 *
 * 1. checks the number (structure and CRC-8 in the input schema; here: it starts with the seller's NIP,
 *    its date is not before the invoice) and generates the FA(3) file from the snapshot — a snapshot
 *    that cannot form a valid file is refused (`ksef-invalid`) and nothing is written;
 * 2. claims `/ksefNumbers/{number}` (transaction): one KSeF number belongs to one invoice;
 * 3. writes `/ksef/{uid}/{invoiceId}` (transaction: absent → the record with the exact file and its
 *    SHA-256). If it already holds another number, the claim of step 2 is removed again and the call
 *    is refused; the same number again changes nothing.
 */
export const recordKsefSubmission = onCall(async (request): Promise<RecordKsefSubmissionOutput> => {
  const input = parseInput(recordKsefSubmissionInput, request.data);
  const caller = requireAdmin(request);
  const now = Date.now();

  let invoice: Pick<Invoice, 'number' | 'issueDate' | 'seller'>;
  let file: KsefFile;
  if (input.invoiceId.startsWith('KOR-')) {
    const correction = (await db.ref(`corrections/${input.uid}/${input.invoiceId}`).get()).val() as CorrectionInvoice | null;
    if (!correction) throw refuse('invoice-missing', { field: 'invoiceId', message: 'Nie znaleziono faktury korygującej' });
    const corrected = await readStored(`ksef/${input.uid}/${correction.corrected.invoiceId}`, ksefRecordSchema, `zapis KSeF faktury ${correction.corrected.number}`);
    if (!corrected && ksefRequired(correction.buyer))
      throw refuse('ksef-invalid', { field: 'invoiceId', message: `Najpierw zapisz numer KSeF faktury korygowanej ${correction.corrected.number} — korekta musi go podać` });
    invoice = correction;
    file = ksefFileForCorrection(correction, corrected);
  } else {
    const stored = (await db.ref(`invoices/${input.uid}/${input.invoiceId}`).get()).val() as Invoice | null;
    if (!stored) throw refuse('invoice-missing', { field: 'invoiceId' });
    invoice = stored;
    file = ksefFileFor(stored);
  }
  if (!file.ok) throw refuse('ksef-invalid', { message: describeFa3Problems(file.problems), problems: file.problems });

  const parts = parseKsefNumber(input.ksefNumber)!;
  if (parts.sellerNip !== invoice.seller.nip)
    throw refuse('invalid-input', { field: 'ksefNumber', message: `Numer KSeF zaczyna się od NIP-u sprzedawcy (${invoice.seller.nip}), a ten — od ${parts.sellerNip}` });
  if (parts.acceptedOn < invoice.issueDate)
    throw refuse('invalid-input', { field: 'ksefNumber', message: `Data w numerze KSeF (${polishDate(parts.acceptedOn)}) jest wcześniejsza niż data wystawienia faktury (${polishDate(invoice.issueDate)})` });
  const today = warsawDate(now);
  if (input.submittedOn < invoice.issueDate)
    throw refuse('invalid-input', { field: 'submittedOn', message: `Data wysłania nie może być wcześniejsza niż data wystawienia faktury (${polishDate(invoice.issueDate)})` });
  if (input.submittedOn > today) throw refuse('invalid-input', { field: 'submittedOn', message: 'Data wysłania nie może być z przyszłości' });

  const claimRef = db.ref(`ksefNumbers/${input.ksefNumber}`);
  let usedBy: NumberClaim | null = null;
  const claim = await transact<NumberClaim>(claimRef, (cur) => {
    usedBy = null;
    if (cur && (cur.uid !== input.uid || cur.invoiceId !== input.invoiceId)) {
      usedBy = cur;
      return undefined;
    }
    return { uid: input.uid, invoiceId: input.invoiceId };
  });
  if (usedBy || !claim.committed) {
    const other = usedBy as NumberClaim | null;
    const otherNumber = other ? ((await db.ref(`${other.invoiceId.startsWith('KOR-') ? 'corrections' : 'invoices'}/${other.uid}/${other.invoiceId}/number`).get()).val() as string | null) : null;
    throw refuse('ksef-number-used', { field: 'ksefNumber', ...(otherNumber ? { message: `Ten numer KSeF jest już zapisany przy fakturze ${otherNumber}` } : {}) });
  }

  const record: KsefRecord = { ksefNumber: input.ksefNumber, submittedOn: input.submittedOn, xml: file.xml, sha256: file.sha256, recordedAt: now, recordedBy: caller.uid };
  let existing: KsefRecord | null = null;
  const written = await transact<KsefRecord>(db.ref(`ksef/${input.uid}/${input.invoiceId}`), (cur) => {
    existing = cur;
    return cur ? undefined : record;
  });
  const stored = (written.committed ? record : existing) as KsefRecord | null;
  if (!stored || stored.ksefNumber !== input.ksefNumber) {
    // Step 2 claimed a number this invoice will not get: give it back (only our own claim).
    await transact<NumberClaim>(claimRef, (cur) => (cur && cur.uid === input.uid && cur.invoiceId === input.invoiceId ? null : cur));
    throw refuse('ksef-already-recorded', { message: `Faktura ${invoice.number} ma już zapisany numer KSeF ${stored?.ksefNumber ?? ''}`.trim(), ksefNumber: stored?.ksefNumber });
  }
  return { invoiceId: input.invoiceId, ksefNumber: stored.ksefNumber, sha256: stored.sha256, kodI: kodIForRecord(invoice, stored), created: written.committed };
});
