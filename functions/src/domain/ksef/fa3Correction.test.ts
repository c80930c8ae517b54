// FA(3) KOR files of correction invoices built exactly as approveRefund builds them (planRefund →
// computeCorrection → correctionInvoice), validated against the official schema with xmllint; their
// totals must equal the correction's totals to the grosz and the bytes must not change.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  afterCorrection,
  computeCorrection,
  correctionInvoice,
  formatCorrectionNumber,
  planRefund,
  type CorrectedRateGross,
  type CorrectionInvoice,
  type RefundedLines,
} from '../refunds.js';
import { type Invoice, type InvoiceData, type Order } from '../schemas.js';
import { VAT_METHOD_NOTE, vatFromGross, type VatRate } from '../vat.js';
import { invoiceLine, orderTotals } from '../invoice.js';
import { amountInWords } from '../words.js';
import {
  buildFa3Xml,
  fa3FileName,
  fa3FromCorrection,
  fileHashBase64Url,
  ksefFileForCorrection,
  orderedCorrectionLineIds,
  requireFa3Xml,
  utf8,
  withKsefChecksum,
} from './index.js';
import {
  amountToGrosze,
  elementTexts,
  TEST_COMPANY,
  TEST_FOREIGN_PERSON,
  TEST_PERSON,
  TEST_SELLER,
} from './testing.js';
import { validateFa3 } from '../../../../tests/helpers/fa3Schema.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

/** A paid order and the invoice confirmPayment would issue for it (same line keys, VAT from gross). */
function paidOrder(
  lines: Order['lines'],
  buyer: InvoiceData = TEST_COMPANY,
): { order: Pick<Order, 'uid' | 'number' | 'lines'>; invoice: Invoice } {
  const totals = orderTotals(Object.values(lines));
  const issuedAt = Date.UTC(2026, 1, 3, 9, 15, 42);
  const invoice: Invoice = {
    number: 'FV/2026/000001',
    uid: 'buyerUid1',
    orderId: 'order1',
    orderNumber: 'ZAM/2026/000007',
    issueDate: '2026-02-03',
    saleDate: '2026-02-03',
    issuePlace: TEST_SELLER.city,
    issuedAt,
    issuedBy: 'adminUid1',
    seller: { ...TEST_SELLER },
    buyer,
    lines: Object.fromEntries(
      Object.entries(lines).map(([id, l]) => {
        const name = l.type === 'ticket' ? `${l.name} — ${l.memberName}` : `${l.name} (${l.variantLabel})`;
        return [id, invoiceLine(name, l)];
      }),
    ),
    totals,
    amountInWords: amountInWords(totals.gross),
    paymentMethod: 'przelew',
    paid: totals.gross,
    vatMethod: VAT_METHOD_NOTE,
  };
  return { order: { uid: 'buyerUid1', number: 'ZAM/2026/000007', lines }, invoice };
}

/** Refund history of one order: each call issues the next correction the way approveRefund does. */
function refunder(paid: ReturnType<typeof paidOrder>) {
  let refunded: RefundedLines | undefined;
  let earlier: CorrectedRateGross | undefined;
  let sequence = 0;
  const rateGross = Object.fromEntries(Object.entries(paid.invoice.totals.perRate).map(([k, r]) => [k, r.gross]));
  return (
    lines: Record<string, number> | undefined,
    amount?: number,
    reason = 'Zwrot na prośbę nabywcy',
  ): CorrectionInvoice => {
    const result = planRefund(paid.order, refunded, lines, amount);
    if (!result.ok) throw new Error(result.refusal.message);
    const amounts = computeCorrection({ order: paid.order, rateGross, earlier, refunded, plan: result.plan });
    ({ refunded, rateGross: earlier } = afterCorrection(refunded, earlier, result.plan, amounts));
    sequence++;
    return correctionInvoice({
      number: formatCorrectionNumber(2026, sequence),
      orderId: 'order1',
      order: paid.order,
      invoiceId: 'FV-2026-000001',
      invoice: paid.invoice,
      issuedAt: Date.UTC(2026, 1, 10, 11, 0, sequence),
      issueDate: '2026-02-10',
      issuedBy: 'adminUid1',
      reason,
      amounts,
      refundAccount: '61109010140000071219812874',
    });
  };
}

const ticket = (memberId: string, memberName: string, unitGross = 14900): Order['lines'][string] => ({
  type: 'ticket',
  name: 'Karnet 3-dniowy',
  unitGross,
  quantity: 1,
  vatRate: 8,
  ticketTypeId: 'karnet',
  memberId,
  memberName,
});
const merch = (
  name: string,
  variantLabel: string,
  unitGross: number,
  quantity: number,
  vatRate: VatRate = 23,
): Order['lines'][string] => ({
  type: 'merch',
  name,
  unitGross,
  quantity,
  vatRate,
  productId: 'p1',
  variantId: variantLabel,
  variantLabel,
});

const family = paidOrder({
  l1: ticket('self', 'Jan Kowalski'),
  l2: ticket('m-1', 'Anna Kowalska'),
  l3: merch('Koszulka „Bałtyk”', 'M', 8900, 3),
});
const mugs = paidOrder({ l1: merch('Kubek', 'biały', 333, 3), l2: ticket('self', 'Jan Kowalski', 9900) }, TEST_PERSON);

interface Case {
  name: string;
  correction: CorrectionInvoice;
  correctedKsef?: string;
}

const fullRefund = refunder(family)(undefined, undefined, 'Odwołanie udziału');
const withFee = refunder(family)({ l2: 1 }, 12900, 'Opłata za anulowanie 20 zł');
const mugHistory = refunder(mugs);
const firstMug = mugHistory({ l1: 1 });
const secondMugWithFee = mugHistory({ l1: 2, l2: 1 }, 500, 'Zwrot z potrąceniem kosztów');
const foreign = refunder(paidOrder({ l1: ticket('self', 'Jürgen Müller') }, TEST_FOREIGN_PERSON))(undefined);
const KSEF_OF_INVOICE = withKsefChecksum('1234563218-20260203-0100001AF629');

const CASES: Case[] = [
  { name: 'full refund (company)', correction: fullRefund },
  {
    name: 'partial: one ticket of two with a cancellation fee, the corrected invoice in KSeF',
    correction: withFee,
    correctedKsef: KSEF_OF_INVOICE,
  },
  { name: 'partial: one of three units at 3,33 zł (23 %)', correction: firstMug },
  {
    name: 'after an earlier partial refund: the rest of the line and a ticket, a fee over two rates (consumer)',
    correction: secondMugWithFee,
  },
  { name: 'foreign consumer, whole order', correction: foreign },
];

const rowsOf = (xml: string) => [...xml.matchAll(/<FaWiersz>([\s\S]*?)<\/FaWiersz>/g)].map((m) => m[1]);
const FIELDS: Record<number, [string, string | null]> = {
  23: ['P_13_1', 'P_14_1'],
  8: ['P_13_2', 'P_14_2'],
  5: ['P_13_3', 'P_14_3'],
  0: ['P_13_6_1', null],
};

describe('FA(3) KOR files of correction invoices', () => {
  const xmls = CASES.map((c) => requireFa3Xml(fa3FromCorrection(c.correction, c.correctedKsef)));
  let verdicts: ReturnType<typeof validateFa3>;
  beforeAll(() => {
    verdicts = validateFa3(xmls);
  });

  CASES.forEach((c, i) => {
    it(`${c.name}: valid against the official schema, totals equal to the correction's to the grosz`, () => {
      expect(verdicts[i].output).toBe('');
      expect(verdicts[i].valid).toBe(true);
      const xml = xmls[i];
      expect(amountToGrosze(elementTexts(xml, 'P_15')[0])).toBe(c.correction.totals.gross);
      expect(c.correction.totals.gross).toBe(-c.correction.refundAmount);
      let net = 0;
      let vat = 0;
      for (const r of Object.values(c.correction.perRate)) {
        const [netField, vatField] = FIELDS[r.vatRate];
        expect(amountToGrosze(elementTexts(xml, netField)[0])).toBe(r.net);
        if (vatField) expect(amountToGrosze(elementTexts(xml, vatField)[0])).toBe(r.vat);
        net += r.net;
        vat += r.vat;
      }
      expect([net, vat]).toEqual([c.correction.totals.net, c.correction.totals.vat]);
      // Rows: after − before (StanPrzed) per rate is the rate's difference.
      const rows = rowsOf(xml);
      for (const r of Object.values(c.correction.perRate)) {
        const code = r.vatRate === 0 ? '0 KR' : String(r.vatRate);
        const diff = rows
          .filter((row) => elementTexts(row, 'P_12')[0] === code)
          .reduce(
            (s, row) =>
              s + (row.includes('<StanPrzed>1</StanPrzed>') ? -1 : 1) * amountToGrosze(elementTexts(row, 'P_11A')[0]),
            0,
          );
        expect(diff).toBe(r.gross);
      }
      rows.forEach((row, n) => expect(elementTexts(row, 'NrWierszaFa')[0]).toBe(String(n + 1)));
      expect(elementTexts(xml, 'RodzajFaktury')).toEqual(['KOR']);
      expect(elementTexts(xml, 'P_2')).toEqual([c.correction.number]);
      expect(elementTexts(xml, 'PrzyczynaKorekty')).toEqual([c.correction.reason]);
      expect(elementTexts(xml, 'TypKorekty')).toEqual(['2']);
      expect(elementTexts(xml, 'NrFaKorygowanej')).toEqual(['FV/2026/000001']);
      expect(elementTexts(xml, 'DataWystFaKorygowanej')).toEqual(['2026-02-03']);
      expect(xml).not.toContain('<Platnosc>');
    });
  });

  it('each corrected line is a "before" row (StanPrzed) and an "after" row; a fee is a new row', () => {
    const rows = rowsOf(xmls[1]).map((row) => [
      elementTexts(row, 'P_7')[0],
      elementTexts(row, 'P_8B')[0],
      elementTexts(row, 'P_11A')[0],
      elementTexts(row, 'P_12')[0],
      row.includes('StanPrzed'),
    ]);
    expect(rows).toEqual([
      ['Karnet 3-dniowy — Anna Kowalska', '1', '149.00', '8', true],
      ['Karnet 3-dniowy — Anna Kowalska', '0', '0.00', '8', false],
      ['Opłata za anulowanie (część ceny niepodlegająca zwrotowi)', '1', '20.00', '8', false],
    ]);
    expect(elementTexts(xmls[1], 'P_15')).toEqual(['-129.00']);
    expect(elementTexts(xmls[1], 'NrKSeFFaKorygowanej')).toEqual([KSEF_OF_INVOICE]);
    expect(elementTexts(xmls[0], 'NrKSeFN')).toEqual(['1']);
    // After an earlier refund of one mug, "before" is the two mugs the invoice still holds.
    const second = rowsOf(xmls[3]).map((row) => [
      elementTexts(row, 'P_7')[0],
      elementTexts(row, 'P_8B')[0],
      elementTexts(row, 'P_11A')[0],
      row.includes('StanPrzed'),
    ]);
    expect(second.slice(0, 4)).toEqual([
      ['Kubek (biały)', '2', '6.66', true],
      ['Kubek (biały)', '0', '0.00', false],
      ['Karnet 3-dniowy — Jan Kowalski', '1', '99.00', true],
      ['Karnet 3-dniowy — Jan Kowalski', '0', '0.00', false],
    ]);
    // The fee (105,66 − 5,00 = 100,66 zł) is kept at the rate of the largest refund first (8 %: 99,00 zł),
    // the rest at 23 % (1,66 zł); the rows list the higher rate first.
    expect(secondMugWithFee.fee).toBe(10066);
    expect(second.slice(4).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['Opłata za anulowanie (część ceny niepodlegająca zwrotowi)', '1', '1.66'],
      ['Opłata za anulowanie (część ceny niepodlegająca zwrotowi)', '1', '99.00'],
    ]);
  });

  it('the invoice and all its corrections together give the VAT of what is left, in the files too', () => {
    const vat23 = [firstMug, secondMugWithFee].map((c) =>
      amountToGrosze(elementTexts(requireFa3Xml(fa3FromCorrection(c)), 'P_14_1')[0]),
    );
    // What is left at 23 % is the part of the fee kept there (1,66 zł, VAT 0,31 zł).
    expect(secondMugWithFee.perRate.r23.grossAfter).toBe(166);
    expect(mugs.invoice.totals.perRate.r23.vat + vat23.reduce((a, b) => a + b, 0)).toBe(vatFromGross(166, 23));
  });

  it('a correction whose stored data cannot form FA(3) gives Polish problems and no file', () => {
    const broken = { ...withFee, seller: { ...withFee.seller, nip: '' }, reason: ' ' } as CorrectionInvoice;
    const result = ksefFileForCorrection(broken);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map((p) => p.message)).toEqual([
      'brak NIP sprzedawcy',
      'brak pola „przyczyna korekty”',
    ]);
    const tampered = { ...withFee, totals: { ...withFee.totals, gross: withFee.totals.gross - 1 } };
    expect(buildFa3Xml(fa3FromCorrection(tampered)).ok).toBe(false);
  });
});

describe('deterministic bytes of a correction file', () => {
  it('the same correction gives the same bytes after a JSON round trip (as RTDB stores it) and with keys in another order', () => {
    const a = requireFa3Xml(fa3FromCorrection(secondMugWithFee));
    const roundTrip = JSON.parse(JSON.stringify(secondMugWithFee)) as CorrectionInvoice;
    const reversed = {
      ...roundTrip,
      lines: Object.fromEntries(Object.entries(roundTrip.lines).reverse()),
      perRate: Object.fromEntries(Object.entries(roundTrip.perRate).reverse()),
    };
    expect(requireFa3Xml(fa3FromCorrection(roundTrip))).toBe(a);
    expect(requireFa3Xml(fa3FromCorrection(reversed))).toBe(a);
    expect(orderedCorrectionLineIds({ 'fee-r8': 1, l10: 1, 'fee-r23': 1, l2: 1 })).toEqual([
      'l2',
      'l10',
      'fee-r23',
      'fee-r8',
    ]);
  });

  it('KOR-2026-000001-fee.xml is byte for byte the stored fixture, with a stable SHA-256', () => {
    const file = ksefFileForCorrection(withFee, { ksefNumber: KSEF_OF_INVOICE });
    expect(file.ok && file.fileName).toBe(fa3FileName('KOR/2026/000001'));
    const xml = file.ok ? file.xml : '';
    const url = new URL('KOR-2026-000001-fee.xml', FIXTURES);
    if (process.env.KSEF_WRITE_FIXTURES === '1') writeFileSync(url, xml, 'utf8');
    const stored = readFileSync(url);
    expect(Buffer.from(xml, 'utf8').equals(stored)).toBe(true);
    expect(file.ok && file.sha256).toBe(createHash('sha256').update(stored).digest('base64url'));
    expect(fileHashBase64Url(utf8(xml))).toMatchInlineSnapshot(`"yzgH5uXhYEnh67V7qsWJXJT6mt7ngweQKfLkckxZSuU"`);
    // Once a KSeF number is recorded, the stored file is handed out even if the snapshot would now give other bytes.
    expect(ksefFileForCorrection(withFee, null, { xml, sha256: 'x' })).toMatchObject({
      ok: true,
      xml,
      fromRecord: true,
    });
  });
});
