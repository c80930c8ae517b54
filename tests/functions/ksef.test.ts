// recordKsefSubmission through the emulators: a real paid invoice (placeTicketOrder + confirmPayment),
// the admin records its KSeF number, the stored FA(3) file validates against the official schema and
// its KOD I link is the SHA-256 of exactly those bytes; refusals write nothing.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fa3FromCorrection,
  fa3FromInvoice,
  requireFa3Xml,
  withKsefChecksum,
  type KsefRecord,
} from '../../functions/src/domain/ksef/index.js';
import type { CorrectionInvoice } from '../../functions/src/domain/refunds.js';
import { validateFa3 } from '../helpers/fa3Schema.js';
import { createUser, dump, refusal, startEventEnv, stopEnv } from './helpers.js';
import { COMPANY, PERSON, SELLER, ticketType } from './fixtures.js';
import { paidInvoice as paidInvoiceOf } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';

let env: TestEnv;
let admin: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  ({ env, admin } = await startEventEnv());
  otherAdmin = await createUser(env, { claims: { admin: true } });
  await env.db.ref('countries').set({ PL: 'Polska', DE: 'Niemcy' });
  await env.db.ref('ticketTypes/karnet').set(ticketType({ quota: 1000 }));
});
afterAll(() => stopEnv(env));

/** A participant buys a ticket and the admin confirms the transfer: the real invoice snapshot. */
const paidInvoice = (buyerData: typeof COMPANY | typeof PERSON = COMPANY) => paidInvoiceOf(env, admin, buyerData);

/**
 * What recordKsefSubmission answers when it records a document's number for the first time: the
 * SHA-256 of exactly the stored file and its KOD I link (the test environment's host, the seller's
 * NIP, the issue date as DD-MM-YYYY).
 */
function newRecordAnswer(invoiceId: string, ksefNumber: string, xml: string, issueDate: string) {
  const hash = createHash('sha256').update(Buffer.from(xml, 'utf8')).digest('base64url');
  const [y, m, d] = issueDate.split('-');
  return {
    invoiceId,
    ksefNumber,
    sha256: hash,
    kodI: `https://qr-test.ksef.mf.gov.pl/invoice/${SELLER.nip}/${d}-${m}-${y}/${hash}`,
    created: true,
  };
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
/** What the admin enters for a document sent to KSeF: its number, sent today. */
const submission = (uid: string, invoiceId: string, number: string) => ({
  uid,
  invoiceId,
  ksefNumber: number,
  submittedOn: today(),
});
/** A KSeF number with a valid checksum for the seller's NIP, dated today, with a distinct technical part. */
let serial = 0;
const ksefNumber = (nip = SELLER.nip, date = today()) =>
  withKsefChecksum(
    `${nip}-${date.replaceAll('-', '')}-${(0x0100001af000 + ++serial).toString(16).toUpperCase().padStart(12, '0')}`,
  );

describe('recordKsefSubmission', () => {
  it('stores the number with the exact FA(3) file; the KOD I link is the SHA-256 of those bytes', async () => {
    const { buyer, invoiceId, invoice } = await paidInvoice();
    const number = ksefNumber();
    const out = await admin.call('recordKsefSubmission', submission(buyer.uid, invoiceId, number.toLowerCase()));

    const record = (await env.db.ref(`ksef/${buyer.uid}/${invoiceId}`).get()).val() as KsefRecord;
    expect(record).toMatchObject({ ksefNumber: number, submittedOn: today(), recordedBy: admin.uid });
    // The stored file is the one generated from the snapshot, valid against the official schema.
    expect(record.xml).toBe(requireFa3Xml(fa3FromInvoice(invoice)));
    expect(validateFa3([record.xml])[0]).toEqual({ valid: true, output: '' });
    const answer = newRecordAnswer(invoiceId, number, record.xml, invoice.issueDate);
    expect(record.sha256).toBe(answer.sha256);
    expect(out).toEqual(answer);
    expect((await env.db.ref(`ksefNumbers/${number}`).get()).val()).toEqual({ uid: buyer.uid, invoiceId });

    // The same number again: nothing changes. Another number for the same invoice: refused, and its claim is given back.
    const before = await dump(env.db);
    expect(await otherAdmin.call('recordKsefSubmission', submission(buyer.uid, invoiceId, number))).toMatchObject({
      created: false,
      ksefNumber: number,
    });
    const second = ksefNumber();
    const r = await refusal(admin.call('recordKsefSubmission', submission(buyer.uid, invoiceId, second)));
    expect(r).toMatchObject({
      code: 'already-exists',
      reason: 'ksef-already-recorded',
      message: `Faktura ${invoice.number} ma już zapisany numer KSeF ${number}`,
    });
    expect(await dump(env.db)).toEqual(before);
  });

  it('one KSeF number belongs to one invoice', async () => {
    const first = await paidInvoice(PERSON);
    const second = await paidInvoice();
    const number = ksefNumber();
    await admin.call('recordKsefSubmission', submission(first.buyer.uid, first.invoiceId, number));
    const before = await dump(env.db);
    const r = await refusal(admin.call('recordKsefSubmission', submission(second.buyer.uid, second.invoiceId, number)));
    expect(r).toMatchObject({
      code: 'already-exists',
      reason: 'ksef-number-used',
      field: 'ksefNumber',
      message: `Ten numer KSeF jest już zapisany przy fakturze ${first.invoice.number}`,
    });
    expect(await dump(env.db)).toEqual(before);
  });

  it('two admins recording different numbers for one invoice at once: one record, no stray number claim', async () => {
    const { buyer, invoiceId } = await paidInvoice();
    const numbers = [ksefNumber(), ksefNumber()];
    const results = await Promise.allSettled([
      admin.call('recordKsefSubmission', submission(buyer.uid, invoiceId, numbers[0])),
      otherAdmin.call('recordKsefSubmission', submission(buyer.uid, invoiceId, numbers[1])),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const winner = (await env.db.ref(`ksef/${buyer.uid}/${invoiceId}/ksefNumber`).get()).val();
    expect(numbers).toContain(winner);
    const claims = await Promise.all(numbers.map(async (n) => (await env.db.ref(`ksefNumbers/${n}`).get()).exists()));
    expect(claims).toEqual(numbers.map((n) => n === winner));
  });

  it('an invoice whose snapshot cannot form FA(3) is refused with the reason in Polish, nothing written', async () => {
    const { buyer, invoiceId } = await paidInvoice();
    // A snapshot damaged outside the app (invoices are immutable for the app itself).
    await env.db.ref(`invoices/${buyer.uid}/${invoiceId}/seller/nip`).remove();
    const before = await dump(env.db);
    const r = await refusal(admin.call('recordKsefSubmission', submission(buyer.uid, invoiceId, ksefNumber())));
    expect(r).toMatchObject({
      code: 'failed-precondition',
      reason: 'ksef-invalid',
      message: 'Nie można utworzyć pliku FA(3) dla KSeF: brak NIP sprzedawcy.',
    });
    expect(r.details.problems).toEqual([{ field: 'seller.nip', message: 'brak NIP sprzedawcy' }]);
    expect(await dump(env.db)).toEqual(before);
  });

  it('refuses non-admins, bad numbers and dates, unknown invoices — and writes nothing', async () => {
    const { buyer, invoiceId, invoice } = await paidInvoice();
    const good = submission(buyer.uid, invoiceId, ksefNumber());
    const before = await dump(env.db);
    expect(await refusal(buyer.call('recordKsefSubmission', good))).toMatchObject({
      code: 'permission-denied',
      reason: 'forbidden',
    });
    const wrongSum = `${good.ksefNumber.slice(0, 33)}${good.ksefNumber.endsWith('00') ? '01' : '00'}`;
    expect(await refusal(admin.call('recordKsefSubmission', { ...good, ksefNumber: wrongSum }))).toMatchObject({
      code: 'invalid-argument',
      field: 'ksefNumber',
      message: 'Nieprawidłowy numer KSeF: zła data lub suma kontrolna — sprawdź, czy został przepisany bez błędów',
    });
    expect(
      await refusal(admin.call('recordKsefSubmission', { ...good, ksefNumber: ksefNumber('5260250274') })),
    ).toMatchObject({
      field: 'ksefNumber',
      message: `Numer KSeF zaczyna się od NIP-u sprzedawcy (${SELLER.nip}), a ten — od 5260250274`,
    });
    expect(
      await refusal(admin.call('recordKsefSubmission', { ...good, ksefNumber: ksefNumber(SELLER.nip, '2026-01-01') })),
    ).toMatchObject({
      field: 'ksefNumber',
      message: expect.stringMatching(/^Data w numerze KSeF \(01\.01\.2026\) jest wcześniejsza/),
    });
    expect(await refusal(admin.call('recordKsefSubmission', { ...good, submittedOn: '2099-01-01' }))).toMatchObject({
      field: 'submittedOn',
      message: 'Data wysłania nie może być z przyszłości',
    });
    expect(await refusal(admin.call('recordKsefSubmission', { ...good, submittedOn: '2026-01-01' }))).toMatchObject({
      field: 'submittedOn',
      message: expect.stringContaining(invoice.issueDate.split('-').reverse().join('.')),
    });
    expect(await refusal(admin.call('recordKsefSubmission', { ...good, invoiceId: '__proto__' }))).toMatchObject({
      code: 'invalid-argument',
      field: 'invoiceId',
      message: 'Nieprawidłowy identyfikator faktury',
    });
    expect(await refusal(admin.call('recordKsefSubmission', { ...good, invoiceId: 'FV-2026-999999' }))).toMatchObject({
      code: 'not-found',
      reason: 'invoice-missing',
      message: 'Nie znaleziono faktury',
    });
    expect(await refusal(admin.call('recordKsefSubmission', { ...good, extra: 1 }))).toMatchObject({
      code: 'invalid-argument',
    });
    expect(await dump(env.db)).toEqual(before);
  });
});

describe('recordKsefSubmission for correction invoices', () => {
  /** A checksum-valid NRB (IBAN mod-97 without `PL`). */
  const ACCOUNT = '61109010140000071219812874';

  it('a correction of a company invoice: refused until the invoice has its KSeF number, then stored with the file naming it', async () => {
    const { buyer, orderId, invoiceId, invoice } = await paidInvoice(COMPANY);
    const lineId = Object.keys((await env.db.ref(`orders/${orderId}/lines`).get()).val() as object)[0];
    const refund = await admin.call('startRefund', {
      orderId,
      lines: { [lineId]: 1 },
      amount: invoice.totals.gross - 2000,
      reason: 'Rezygnacja, opłata za anulowanie 20 zł',
      bankAccount: ACCOUNT,
    });
    const correction = (
      await env.db.ref(`corrections/${buyer.uid}/${refund.correctionId}`).get()
    ).val() as CorrectionInvoice;

    const before = await dump(env.db);
    const early = await refusal(
      admin.call('recordKsefSubmission', submission(buyer.uid, refund.correctionId, ksefNumber())),
    );
    expect(early).toMatchObject({
      code: 'failed-precondition',
      reason: 'ksef-invalid',
      message: `Najpierw zapisz numer KSeF faktury korygowanej ${invoice.number} — korekta musi go podać`,
    });
    expect(await dump(env.db)).toEqual(before);

    const invoiceNumber = ksefNumber();
    await admin.call('recordKsefSubmission', submission(buyer.uid, invoiceId, invoiceNumber));
    const number = ksefNumber();
    const out = await admin.call('recordKsefSubmission', submission(buyer.uid, refund.correctionId, number));
    const record = (await env.db.ref(`ksef/${buyer.uid}/${refund.correctionId}`).get()).val() as KsefRecord;
    expect(record.xml).toBe(requireFa3Xml(fa3FromCorrection(correction, invoiceNumber)));
    expect(validateFa3([record.xml])[0]).toEqual({ valid: true, output: '' });
    expect(record.xml).toContain(`<NrKSeFFaKorygowanej>${invoiceNumber}</NrKSeFFaKorygowanej>`);
    expect(record.xml).toContain(`<P_15>-${((invoice.totals.gross - 2000) / 100).toFixed(2)}</P_15>`);
    expect(out).toEqual(newRecordAnswer(refund.correctionId, number, record.xml, correction.issueDate));

    // The correction's number cannot go to another document, and the message names the correction.
    const other = await paidInvoice(PERSON);
    const r = await refusal(admin.call('recordKsefSubmission', submission(other.buyer.uid, other.invoiceId, number)));
    expect(r).toMatchObject({
      reason: 'ksef-number-used',
      message: `Ten numer KSeF jest już zapisany przy fakturze ${correction.number}`,
    });
  });

  it('a correction of a consumer invoice outside KSeF is recorded with NrKSeFN; an unknown correction is refused', async () => {
    const { buyer, orderId } = await paidInvoice(PERSON);
    const refund = await admin.call('startRefund', { orderId, reason: 'Odwołanie udziału', bankAccount: ACCOUNT });
    await admin.call('recordKsefSubmission', submission(buyer.uid, refund.correctionId, ksefNumber()));
    const record = (await env.db.ref(`ksef/${buyer.uid}/${refund.correctionId}`).get()).val() as KsefRecord;
    expect(record.xml).toContain('<NrKSeFN>1</NrKSeFN>');
    expect(record.xml).toContain('<RodzajFaktury>KOR</RodzajFaktury>');
    expect(validateFa3([record.xml])[0].valid).toBe(true);
    const before = await dump(env.db);
    expect(
      await refusal(admin.call('recordKsefSubmission', submission(buyer.uid, 'KOR-2026-999999', ksefNumber()))),
    ).toMatchObject({
      code: 'not-found',
      message: 'Nie znaleziono faktury korygującej',
    });
    expect(await dump(env.db)).toEqual(before);
  });
});
