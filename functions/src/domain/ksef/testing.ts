/**
 * Test fixtures shared by the unit, functions, web and e2e suites (never imported by the app): invoice
 * snapshots built the way confirmPayment builds them. Validation against the official FA(3) schema
 * (xmllint) is tests/helpers/fa3Schema.ts.
 */
import { amountInWords } from '../words.js';
import { VAT_METHOD_NOTE, type VatRate } from '../vat.js';
import type { Invoice, InvoiceData } from '../schemas.js';
import { invoiceLine, orderTotals } from '../invoice.js';

export const TEST_SELLER = {
  name: 'Stowarzyszenie Żeglarskie „Bałtyk” & Przyjaciele',
  street: 'ul. Portowa 12',
  postalCode: '84-150',
  city: 'Hel',
  nip: '1234563218',
  bankName: 'Bank Morski S.A.',
  bankAccount: '61109010140000071219812874',
};
export const TEST_COMPANY: InvoiceData = {
  kind: 'company',
  name: 'Żagle <Północ> sp. z o.o.',
  nip: '5260250274',
  street: 'ul. Długa 5/7',
  postalCode: '80-001',
  city: 'Gdańsk',
  country: 'PL',
};
export const TEST_PERSON: InvoiceData = {
  kind: 'person',
  name: 'Jan Kowalski',
  street: 'ul. Morska 1',
  postalCode: '81-300',
  city: 'Gdynia',
  country: 'PL',
};
export const TEST_FOREIGN_PERSON: InvoiceData = {
  kind: 'person',
  name: 'Jürgen Müller',
  street: 'Hafenstraße 3',
  postalCode: '18055',
  city: 'Rostock',
  country: 'DE',
};
export const TEST_FOREIGN_COMPANY: InvoiceData = {
  kind: 'company',
  name: 'Segel GmbH (oddział w Polsce)',
  nip: '7740001454',
  street: 'Hafenstraße 9',
  postalCode: '18055',
  city: 'Rostock',
  country: 'DE',
};

export interface TestLine {
  name: string;
  unitGross: number;
  quantity: number;
  vatRate: VatRate;
}

/** An invoice snapshot exactly as confirmPayment stores it (lines l1…ln, from-gross VAT, totals per rate). */
export function testInvoice(options: {
  number?: string;
  lines: TestLine[];
  buyer?: InvoiceData;
  issuedAt?: number;
  issueDate?: string;
  paidOn?: string;
}): Invoice {
  const issuedAt = options.issuedAt ?? Date.UTC(2026, 1, 3, 9, 15, 42);
  const issueDate = options.issueDate ?? new Date(issuedAt + 3_600_000).toISOString().slice(0, 10);
  const totals = orderTotals(options.lines);
  return {
    number: options.number ?? 'FV/2026/000001',
    uid: 'buyerUid1',
    orderId: 'order1',
    orderNumber: 'ZAM/2026/000007',
    issueDate,
    saleDate: issueDate,
    issuePlace: TEST_SELLER.city,
    issuedAt,
    issuedBy: 'adminUid1',
    seller: { ...TEST_SELLER },
    buyer: options.buyer ?? TEST_COMPANY,
    lines: Object.fromEntries(options.lines.map((line, i) => [`l${i + 1}`, invoiceLine(line.name, line)])),
    totals,
    amountInWords: amountInWords(totals.gross),
    paymentMethod: 'przelew',
    paid: totals.gross,
    paidOn: options.paidOn ?? issueDate,
    vatMethod: VAT_METHOD_NOTE,
  };
}

/** The text of every element with this local name, in document order (our generator writes no CDATA or comments). */
export function elementTexts(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);
}

/** `123.45` / `-0.05` → grosze. */
export function amountToGrosze(text: string): number {
  const m = /^(-)?(\d+)\.(\d{2})$/.exec(text);
  if (!m) throw new Error(`Not an FA(3) amount: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
}
