/**
 * The structured invoice FA(3) (KSeF, schema `schemat_FA(3)_v1-0E.xsd` in ./schema) built from a stored
 * invoice snapshot. Pure and deterministic: the same document always gives the same bytes, so the file's
 * SHA-256 — the fingerprint in the KOD I link — never changes. Shared by the functions and the web app.
 *
 * Two steps: a snapshot is mapped to an `Fa3Document` (fa3FromInvoice; corrections: fa3FromCorrection in
 * fa3Correction.ts), and `buildFa3Xml` checks every value against what the schema allows before writing a single
 * element. A document that cannot form a valid FA(3) gives Polish problems and no XML: never an invalid
 * file. The unit tests validate every XML they produce against the official schema with xmllint.
 */
import { isValidNip } from '../identifiers.js';
import { isoToPolishDate } from '../pdf/format.js';
import type { Invoice, InvoiceData, InvoicePaymentMethod } from '../schemas.js';
import { VAT_RATES, vatFromGross, type VatRate } from '../vat.js';
import { FA3_COUNTRY_CODES } from './countryCodes.js';
import { parseKsefNumber } from './ksefNumber.js';

const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';
/** Written to `Naglowek/SystemInfo`: the system that produced the file. */
const FA3_SYSTEM_INFO = 'Panel Uczestnika';

type Fa3Kind = 'VAT' | 'KOR';

interface Fa3Seller {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** 10 digits. Optional in the type because old or damaged snapshots may lack it: that is a problem, not a crash. */
  nip?: string;
  bankName?: string;
  /** NRB, 26 digits (the Polish account number without `PL`). */
  bankAccount?: string;
}

export interface Fa3Line {
  name: string;
  unit: string;
  /** Negative in the difference lines of a correction. */
  quantity: number;
  unitGross: number;
  /** unitGross × quantity, in grosze. */
  gross: number;
  vatRate: VatRate;
  /** A correction line that shows the state before the correction (`StanPrzed`); it counts negatively in the totals. */
  beforeCorrection?: boolean;
}

interface Fa3RateTotal {
  vatRate: VatRate;
  net: number;
  vat: number;
  gross: number;
}

interface Fa3Correction {
  /** `PrzyczynaKorekty`, e.g. „Zwrot biletu”. */
  reason: string;
  /** `TypKorekty`: 1 — in force from the corrected invoice's date, 2 — from the correction's date, 3 — other. */
  type: 1 | 2 | 3;
  corrected: { number: string; issueDate: string; ksefNumber?: string };
}

export interface Fa3Document {
  kind: Fa3Kind;
  number: string;
  /** YYYY-MM-DD (`P_1`). */
  issueDate: string;
  /** YYYY-MM-DD (`P_6`): written only when it differs from the issue date, as the schema describes `P_6`. */
  saleDate?: string;
  issuePlace?: string;
  /** ms; becomes `DataWytworzeniaFa`. Taken from the snapshot (never "now"), so the bytes are stable. */
  createdAt: number;
  seller: Fa3Seller;
  buyer: InvoiceData;
  lines: Fa3Line[];
  /** The binding amounts per rate (for a correction: the differences). */
  perRate: Fa3RateTotal[];
  totals: { net: number; vat: number; gross: number };
  /** Present when the document was paid in full on `paidOn` (`DataZaplaty`), by `method` (`FormaPlatnosci`). */
  payment?: { paidOn: string; amount: number; method?: InvoicePaymentMethod };
  orderNumber?: string;
  /** A sentence for the footer (`Stopka`), e.g. the VAT method. */
  note?: string;
  correction?: Fa3Correction;
}

export interface Fa3Problem {
  /** Dotted path in the invoice snapshot (`seller.nip`, `lines.l2.name`), for the admin to find it. */
  field: string;
  message: string;
}

type Fa3Result = { ok: true; xml: string } | { ok: false; problems: Fa3Problem[] };

/** Thrown by `requireFa3Xml`; `message` is one Polish sentence naming the first problems. */
export class Fa3Error extends Error {
  constructor(readonly problems: Fa3Problem[]) {
    super(describeFa3Problems(problems));
    this.name = 'Fa3Error';
  }
}

export function describeFa3Problems(problems: readonly Fa3Problem[]): string {
  const shown = problems.slice(0, 3).map((p) => p.message);
  const more = problems.length - shown.length;
  return `Nie można utworzyć pliku FA(3) dla KSeF: ${shown.join('; ')}${more > 0 ? ` (i ${more} ${more === 1 ? 'inny problem' : more < 5 ? 'inne problemy' : 'innych problemów'})` : ''}.`;
}

// ------------------------------------------------------------------ snapshot → document

/** Line keys in invoice order (`l1`, `l2`, …, `l10`): digit runs compare as numbers, the rest by code unit — no locale data involved. */
export function compareLineIds(a: string, b: string): number {
  const pa = a.match(/\d+|\D+/g) ?? [];
  const pb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === y) continue;
    const numeric = /^\d/.test(x) && /^\d/.test(y);
    if (numeric && Number(x) !== Number(y)) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** Line ids of a snapshot in their invoice order (the same order the XML uses). */
function orderedLineIds(lines: Record<string, unknown> | undefined): string[] {
  return Object.keys(lines ?? {}).sort(compareLineIds);
}

/** What an invoice snapshot and a correction snapshot both carry, as `fa3Document` reads it. */
interface Fa3Snapshot {
  number: string;
  issueDate: string;
  issuePlace?: string;
  issuedAt: number;
  seller?: Partial<Invoice['seller']>;
  buyer: InvoiceData;
  totals?: { net: number; vat: number; gross: number };
  orderNumber?: string;
  vatMethod?: string;
}

/**
 * The parts of an FA(3) document an invoice and a correction map alike: number, dates, parties, the
 * binding per-rate amounts (highest rate first) and totals, the order and the footer note. Reads
 * defensively: missing parts become problems in `buildFa3Xml`, not exceptions here.
 */
export function fa3Document(
  kind: Fa3Kind,
  snapshot: Fa3Snapshot,
  lines: Fa3Line[],
  perRate: Record<string, Fa3RateTotal> | undefined,
): Fa3Document {
  const seller = snapshot.seller ?? {};
  const totals = snapshot.totals ?? { net: 0, vat: 0, gross: 0 };
  return {
    kind,
    number: snapshot.number,
    issueDate: snapshot.issueDate,
    issuePlace: snapshot.issuePlace,
    createdAt: snapshot.issuedAt,
    seller: {
      name: seller.name ?? '',
      street: seller.street ?? '',
      postalCode: seller.postalCode ?? '',
      city: seller.city ?? '',
      nip: seller.nip,
      bankName: seller.bankName,
      bankAccount: seller.bankAccount,
    },
    buyer: snapshot.buyer,
    lines,
    perRate: Object.values(perRate ?? {})
      .map((r) => ({ vatRate: r.vatRate, net: r.net, vat: r.vat, gross: r.gross }))
      .sort((a, b) => b.vatRate - a.vatRate),
    totals: { net: totals.net, vat: totals.vat, gross: totals.gross },
    orderNumber: snapshot.orderNumber,
    note: snapshot.vatMethod,
  };
}

/** One FA(3) row of a snapshot line: its name, unit, unit gross and rate with the given quantity and gross value. */
export function fa3Line(
  line: { name: string; unit: string; unitGross: number; vatRate: VatRate },
  quantity: number,
  gross: number,
  beforeCorrection = false,
): Fa3Line {
  return {
    name: line.name,
    unit: line.unit,
    quantity,
    unitGross: line.unitGross,
    gross,
    vatRate: line.vatRate,
    ...(beforeCorrection ? { beforeCorrection } : {}),
  };
}

/** A regular invoice snapshot (`/invoices/{uid}/{invoiceId}`) as an FA(3) document. */
export function fa3FromInvoice(invoice: Invoice): Fa3Document {
  const lines = orderedLineIds(invoice.lines).map((id) =>
    fa3Line(invoice.lines[id], invoice.lines[id].quantity, invoice.lines[id].gross),
  );
  const document = fa3Document('VAT', invoice, lines, invoice.totals?.perRate);
  const gross = invoice.totals?.gross ?? 0;
  return {
    ...document,
    saleDate: invoice.saleDate,
    // Invoices stored before `paidOn` was kept were issued on the confirmation day: their issue date.
    payment:
      invoice.paid > 0 || gross === 0
        ? { paidOn: invoice.paidOn ?? invoice.issueDate, amount: invoice.paid, method: invoice.paymentMethod }
        : undefined,
  };
}

// ------------------------------------------------------------------ checks

/** What FA(3) allows in text elements: XML 1.0 characters; tabs and line breaks are collapsed like xsd:token does. */
const FORBIDDEN_CHAR = /[^\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** xsd:token normalisation done up front, so the file holds exactly what the schema sees. */
function collapseText(value: string): string {
  return value.replace(/[\t\n\r ]+/g, ' ').trim();
}

const VAT_RATE_CODES: Record<VatRate, string> = { 23: '23', 8: '8', 5: '5', 0: '0 KR' };
/** Per-rate totals fields: 23 % → P_13_1/P_14_1, 8 % → P_13_2/P_14_2, 5 % → P_13_3/P_14_3, 0 % (domestic) → P_13_6_1. */
const RATE_FIELDS: Record<VatRate, { net: string; vat?: string }> = {
  23: { net: 'P_13_1', vat: 'P_14_1' },
  8: { net: 'P_13_2', vat: 'P_14_2' },
  5: { net: 'P_13_3', vat: 'P_14_3' },
  0: { net: 'P_13_6_1' },
};
const NIP_PATTERN = /^[1-9]((\d[1-9])|([1-9]\d))\d{7}$/;
/** TKwotowy: at most 16 digits before the decimal point. */
const MAX_AMOUNT = 10 ** 17 - 1;

class Checker {
  readonly problems: Fa3Problem[] = [];

  add(field: string, message: string): void {
    this.problems.push({ field, message });
  }

  /** A required text of 1…max characters; returns the collapsed text (or '' after recording a problem). */
  text(field: string, label: string, value: unknown, max: number): string {
    if (typeof value !== 'string' || collapseText(value) === '') {
      this.add(field, `brak pola „${label}”`);
      return '';
    }
    const text = collapseText(value);
    if (FORBIDDEN_CHAR.test(text)) this.add(field, `pole „${label}” zawiera niedozwolony znak`);
    else if ([...text].length > max) this.add(field, `pole „${label}” jest dłuższe niż ${max} znaków`);
    return text;
  }

  optionalText(field: string, label: string, value: unknown, max: number): string | undefined {
    if (value === undefined || value === null || (typeof value === 'string' && collapseText(value) === ''))
      return undefined;
    return this.text(field, label, value, max) || undefined;
  }

  date(field: string, label: string, value: unknown, min: string): string {
    const ok = typeof value === 'string' && isCalendarDate(value);
    if (!ok) this.add(field, `nieprawidłowa data „${label}”`);
    else if (value < min || value > '2050-01-01')
      this.add(field, `data „${label}” musi przypadać między ${isoToPolishDate(min)} a 01.01.2050`);
    return ok ? value : '';
  }

  amount(field: string, label: string, value: unknown): number {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || Math.abs(value) > MAX_AMOUNT) {
      this.add(field, `nieprawidłowa kwota „${label}”`);
      return 0;
    }
    return value;
  }
}

function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Grosze → `123.45` / `-0.05` (TKwotowy: a dot and two decimals). */
export function formatFa3Amount(grosze: number): string {
  const abs = Math.abs(grosze);
  return `${grosze < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// ------------------------------------------------------------------ writer

type Node = [name: string, content: string | Node[]] | null | undefined | false;

/** FA(3) `TFormaPlatnosci` of each invoice payment method (2 karta, 6 przelew, 7 mobilna); an unknown provider method is `PlatnoscInna`. */
const FA3_PAYMENT_FORMS: Record<InvoicePaymentMethod, string | null> = {
  przelew: '6',
  'szybki przelew online': '6',
  BLIK: '7',
  'karta płatnicza': '2',
  'płatność online': null,
};

function paymentFormNodes(method: InvoicePaymentMethod): Node[] {
  const form = FA3_PAYMENT_FORMS[method];
  return form
    ? [['FormaPlatnosci', form]]
    : [
        ['PlatnoscInna', '1'],
        ['OpisPlatnosci', method],
      ];
}

function render(nodes: Node[], depth: number, out: string[]): void {
  const indent = '  '.repeat(depth);
  for (const node of nodes) {
    if (!node) continue;
    const [name, content] = node;
    if (typeof content === 'string') out.push(`${indent}<${name}>${escapeXml(content)}</${name}>`);
    else {
      out.push(`${indent}<${name}>`);
      render(content, depth + 1, out);
      out.push(`${indent}</${name}>`);
    }
  }
}

/** Text in an address line: `00-000 Miasto`. */
const cityLine = (postalCode: string, city: string) => collapseText(`${postalCode} ${city}`);

/**
 * Checks the document against what FA(3) allows and writes the XML (UTF-8, LF line ends, two-space
 * indentation, no trailing whitespace). The result is a pure function of the document.
 */
export function buildFa3Xml(doc: Fa3Document): Fa3Result {
  const c = new Checker();
  const correction = doc.kind === 'KOR';

  // Header
  const createdAtOk = typeof doc.createdAt === 'number' && Number.isFinite(doc.createdAt);
  const createdAt = createdAtOk ? new Date(doc.createdAt).toISOString().replace(/\.\d{3}Z$/, 'Z') : '';
  if (!createdAtOk) c.add('issuedAt', 'brak czasu wystawienia faktury');
  else if (createdAt < '2025-09-01T00:00:00Z' || createdAt > '2050-01-01T23:59:59Z')
    c.add('issuedAt', 'w formacie FA(3) można zapisać tylko faktury wystawione od 1 września 2025 r.');

  // Seller
  const seller = doc.seller ?? ({} as Fa3Seller);
  const sellerNip = typeof seller.nip === 'string' ? seller.nip.trim() : '';
  if (!sellerNip) c.add('seller.nip', 'brak NIP sprzedawcy');
  else if (!NIP_PATTERN.test(sellerNip) || !isValidNip(sellerNip))
    c.add('seller.nip', `nieprawidłowy NIP sprzedawcy (${sellerNip})`);
  const sellerName = c.text('seller.name', 'nazwa sprzedawcy', seller.name, 512);
  const sellerStreet = c.text('seller.street', 'ulica sprzedawcy', seller.street, 512);
  const sellerPostal = c.text('seller.postalCode', 'kod pocztowy sprzedawcy', seller.postalCode, 20);
  const sellerCity = c.text('seller.city', 'miejscowość sprzedawcy', seller.city, 200);

  // Buyer
  const buyer = (doc.buyer ?? {}) as Partial<InvoiceData> & { nip?: string };
  const company = buyer.kind === 'company';
  if (buyer.kind !== 'company' && buyer.kind !== 'person')
    c.add('buyer.kind', 'nie wiadomo, czy nabywca jest firmą, czy osobą prywatną');
  const buyerNip = typeof buyer.nip === 'string' ? buyer.nip.trim() : '';
  if (company && !buyerNip) c.add('buyer.nip', 'brak NIP nabywcy (firmy)');
  else if (company && (!NIP_PATTERN.test(buyerNip) || !isValidNip(buyerNip)))
    c.add('buyer.nip', `nieprawidłowy NIP nabywcy (${buyerNip})`);
  const buyerName = c.text('buyer.name', 'nazwa nabywcy', buyer.name, 512);
  const buyerStreet = c.text('buyer.street', 'ulica nabywcy', buyer.street, 512);
  const buyerPostal = c.text('buyer.postalCode', 'kod pocztowy nabywcy', buyer.postalCode, 20);
  const buyerCity = c.text('buyer.city', 'miejscowość nabywcy', buyer.city, 200);
  const buyerCountry = typeof buyer.country === 'string' ? buyer.country : '';
  if (!FA3_COUNTRY_CODES.has(buyerCountry))
    c.add('buyer.country', `kraju nabywcy „${buyerCountry}” nie ma na liście krajów FA(3)`);

  // Invoice data
  const number = c.text('number', 'numer faktury', doc.number, 256);
  const issueDate = c.date('issueDate', 'data wystawienia', doc.issueDate, '2006-01-01');
  const saleDate =
    doc.saleDate === undefined ? undefined : c.date('saleDate', 'data sprzedaży', doc.saleDate, '2006-01-01');
  const issuePlace = c.optionalText('issuePlace', 'miejsce wystawienia', doc.issuePlace, 256);
  const orderNumber = c.optionalText('orderNumber', 'numer zamówienia', doc.orderNumber, 256);
  const note = c.optionalText('vatMethod', 'stopka', doc.note, 3500);

  // Lines
  const lines = Array.isArray(doc.lines) ? doc.lines : [];
  if (lines.length === 0) c.add('lines', 'faktura nie ma pozycji');
  if (lines.length > 10_000) c.add('lines', 'faktura ma więcej niż 10 000 pozycji');
  const grossByRate = new Map<VatRate, number>();
  const lineNodes: Node[] = lines.map((line, i) => {
    const at = `lines.${i + 1}`;
    const name = c.text(`${at}.name`, `nazwa pozycji ${i + 1}`, line.name, 512);
    const unit = c.text(`${at}.unit`, `jednostka pozycji ${i + 1}`, line.unit, 256);
    const rateOk = (VAT_RATES as readonly number[]).includes(line.vatRate);
    if (!rateOk) c.add(`${at}.vatRate`, `nieprawidłowa stawka VAT pozycji ${i + 1}`);
    // A correction's "after" row of a fully refunded line has 0 units; an invoice line has at least one.
    const quantityOk = Number.isSafeInteger(line.quantity) && (correction || line.quantity > 0);
    if (!quantityOk) c.add(`${at}.quantity`, `nieprawidłowa ilość w pozycji ${i + 1}`);
    const unitGross = c.amount(`${at}.unitGross`, `cena brutto pozycji ${i + 1}`, line.unitGross);
    const gross = c.amount(`${at}.gross`, `wartość brutto pozycji ${i + 1}`, line.gross);
    if (!correction && unitGross < 0) c.add(`${at}.unitGross`, `ujemna cena w pozycji ${i + 1}`);
    if (quantityOk && unitGross * line.quantity !== gross)
      c.add(`${at}.gross`, `wartość brutto pozycji ${i + 1} nie równa się cenie razy ilość`);
    if (rateOk)
      grossByRate.set(line.vatRate, (grossByRate.get(line.vatRate) ?? 0) + (line.beforeCorrection ? -gross : gross));
    return [
      'FaWiersz',
      [
        ['NrWierszaFa', String(i + 1)],
        ['P_7', name],
        ['P_8A', unit],
        ['P_8B', String(line.quantity)],
        ['P_9B', formatFa3Amount(unitGross)],
        ['P_11A', formatFa3Amount(gross)],
        ['P_12', rateOk ? VAT_RATE_CODES[line.vatRate] : ''],
        correction && line.beforeCorrection && ['StanPrzed', '1'],
      ],
    ];
  });

  // Totals: every rate present in the lines has its binding amounts, and they add up to the totals.
  const perRate = Array.isArray(doc.perRate) ? [...doc.perRate].sort((a, b) => b.vatRate - a.vatRate) : [];
  const totalNodes: Node[] = [];
  let sumNet = 0;
  let sumVat = 0;
  let sumGross = 0;
  const seen = new Set<number>();
  for (const r of perRate) {
    if (!(VAT_RATES as readonly number[]).includes(r.vatRate) || seen.has(r.vatRate)) {
      c.add('totals.perRate', `nieprawidłowe podsumowanie stawki VAT ${String(r.vatRate)}`);
      continue;
    }
    seen.add(r.vatRate);
    const net = c.amount(`totals.perRate.r${r.vatRate}.net`, `netto ${r.vatRate}%`, r.net);
    const vat = c.amount(`totals.perRate.r${r.vatRate}.vat`, `VAT ${r.vatRate}%`, r.vat);
    const gross = c.amount(`totals.perRate.r${r.vatRate}.gross`, `brutto ${r.vatRate}%`, r.gross);
    if (net + vat !== gross)
      c.add(`totals.perRate.r${r.vatRate}`, `netto i VAT stawki ${r.vatRate}% nie sumują się do brutto`);
    if (!correction && vat !== vatFromGross(Math.max(0, gross), r.vatRate))
      c.add(`totals.perRate.r${r.vatRate}.vat`, `kwota VAT stawki ${r.vatRate}% nie zgadza się z wartością brutto`);
    if (r.vatRate === 0 && vat !== 0) c.add(`totals.perRate.r0.vat`, 'stawka 0% z niezerowym VAT');
    if ((grossByRate.get(r.vatRate) ?? 0) !== gross)
      c.add(`totals.perRate.r${r.vatRate}.gross`, `suma pozycji w stawce ${r.vatRate}% nie zgadza się z podsumowaniem`);
    sumNet += net;
    sumVat += vat;
    sumGross += gross;
    const fields = RATE_FIELDS[r.vatRate];
    totalNodes.push([fields.net, formatFa3Amount(net)]);
    if (fields.vat) totalNodes.push([fields.vat, formatFa3Amount(vat)]);
  }
  for (const rate of grossByRate.keys())
    if (!seen.has(rate)) c.add('totals.perRate', `brak podsumowania stawki VAT ${rate}%`);
  // Highest rate first in `perRate`, but the schema wants P_13_1 … P_13_6_1 in field order.
  const order = ['P_13_1', 'P_14_1', 'P_13_2', 'P_14_2', 'P_13_3', 'P_14_3', 'P_13_6_1'];
  totalNodes.sort((a, b) => order.indexOf((a as [string, string])[0]) - order.indexOf((b as [string, string])[0]));
  const totals = doc.totals ?? { net: NaN, vat: NaN, gross: NaN };
  const totalGross = c.amount('totals.gross', 'razem brutto', totals.gross);
  if (totals.net !== sumNet || totals.vat !== sumVat || totalGross !== sumGross)
    c.add('totals', 'razem netto, VAT lub brutto nie zgadza się z sumą stawek');

  // Payment
  let paymentNode: Node = null;
  if (doc.payment) {
    const paidOn = c.date('paidOn', 'data zapłaty', doc.payment.paidOn, '2016-07-01');
    if (doc.payment.amount !== totalGross) c.add('paid', 'zapłacona kwota różni się od kwoty faktury');
    const account = typeof seller.bankAccount === 'string' ? seller.bankAccount.replace(/\s/g, '') : '';
    if (account && !/^\d{26}$/.test(account)) c.add('seller.bankAccount', 'nieprawidłowy numer konta sprzedawcy');
    const bankName = c.optionalText('seller.bankName', 'nazwa banku', seller.bankName, 256);
    paymentNode = [
      'Platnosc',
      [
        ['Zaplacono', '1'],
        ['DataZaplaty', paidOn],
        ...paymentFormNodes(doc.payment.method ?? 'przelew'),
        // The seller's account is where a transfer went; money paid online went to the provider.
        account && (doc.payment.method ?? 'przelew') === 'przelew'
          ? ['RachunekBankowy', [['NrRB', account], bankName ? ['NazwaBanku', bankName] : null]]
          : null,
      ],
    ];
  }

  // Correction
  let correctionNodes: Node[] = [];
  if (correction) {
    const k = doc.correction;
    if (!k) c.add('correction', 'brak danych korygowanej faktury');
    else {
      const reason = c.text('correction.reason', 'przyczyna korekty', k.reason, 256);
      if (![1, 2, 3].includes(k.type)) c.add('correction.type', 'nieprawidłowy typ korekty');
      const correctedDate = c.date(
        'correction.corrected.issueDate',
        'data wystawienia faktury korygowanej',
        k.corrected?.issueDate,
        '2006-01-01',
      );
      const correctedNumber = c.text(
        'correction.corrected.number',
        'numer faktury korygowanej',
        k.corrected?.number,
        256,
      );
      const ksefNumber = k.corrected?.ksefNumber;
      if (ksefNumber !== undefined && !parseKsefNumber(ksefNumber))
        c.add('correction.corrected.ksefNumber', 'nieprawidłowy numer KSeF faktury korygowanej');
      correctionNodes = [
        ['PrzyczynaKorekty', reason],
        ['TypKorekty', String(k.type)],
        [
          'DaneFaKorygowanej',
          [
            ['DataWystFaKorygowanej', correctedDate],
            ['NrFaKorygowanej', correctedNumber],
            ...(ksefNumber
              ? ([
                  ['NrKSeF', '1'],
                  ['NrKSeFFaKorygowanej', ksefNumber],
                ] as Node[])
              : ([['NrKSeFN', '1']] as Node[])),
          ],
        ],
      ];
    }
  } else if (doc.correction) c.add('correction', 'dane korekty w fakturze, która nie jest korektą');
  if (doc.kind !== 'VAT' && doc.kind !== 'KOR') c.add('kind', 'nieznany rodzaj faktury');

  if (c.problems.length) return { ok: false, problems: c.problems };

  const sellerAddress: Node = [
    'Adres',
    [
      ['KodKraju', 'PL'],
      ['AdresL1', sellerStreet],
      ['AdresL2', cityLine(sellerPostal, sellerCity)],
    ],
  ];
  const tree: Node[] = [
    [
      'Naglowek',
      [
        ['KodFormularza', 'FA'],
        ['WariantFormularza', '3'],
        ['DataWytworzeniaFa', createdAt],
        ['SystemInfo', FA3_SYSTEM_INFO],
      ],
    ],
    [
      'Podmiot1',
      [
        [
          'DaneIdentyfikacyjne',
          [
            ['NIP', sellerNip],
            ['Nazwa', sellerName],
          ],
        ],
        sellerAddress,
      ],
    ],
    [
      'Podmiot2',
      [
        ['DaneIdentyfikacyjne', [company ? ['NIP', buyerNip] : ['BrakID', '1'], ['Nazwa', buyerName]]],
        [
          'Adres',
          [
            ['KodKraju', buyerCountry],
            ['AdresL1', buyerStreet],
            ['AdresL2', cityLine(buyerPostal, buyerCity)],
          ],
        ],
        ['JST', '2'],
        ['GV', '2'],
      ],
    ],
    [
      'Fa',
      [
        ['KodWaluty', 'PLN'],
        ['P_1', issueDate],
        issuePlace ? ['P_1M', issuePlace] : null,
        ['P_2', number],
        // „… o ile taka data jest określona i różni się od daty wystawienia faktury” (the schema on P_6).
        saleDate && saleDate !== issueDate ? ['P_6', saleDate] : null,
        ...totalNodes,
        ['P_15', formatFa3Amount(totalGross)],
        [
          'Adnotacje',
          [
            ['P_16', '2'],
            ['P_17', '2'],
            ['P_18', '2'],
            ['P_18A', '2'],
            ['Zwolnienie', [['P_19N', '1']]],
            ['NoweSrodkiTransportu', [['P_22N', '1']]],
            ['P_23', '2'],
            ['PMarzy', [['P_PMarzyN', '1']]],
          ],
        ],
        ['RodzajFaktury', doc.kind],
        ...correctionNodes,
        ...lineNodes,
        paymentNode,
        orderNumber ? ['WarunkiTransakcji', [['Zamowienia', [['NrZamowienia', orderNumber]]]]] : null,
      ],
    ],
    note ? ['Stopka', [['Informacje', [['StopkaFaktury', note]]]]] : null,
  ];
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<Faktura xmlns="${FA3_NAMESPACE}">`];
  render(tree, 1, out);
  out.push('</Faktura>', '');
  // The fixed attributes of KodFormularza are added here rather than teaching the tiny writer about attributes.
  const xml = out.join('\n').replace('<KodFormularza>', '<KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">');
  return { ok: true, xml };
}

/** The XML, or an Fa3Error with the Polish problems. */
export function requireFa3Xml(doc: Fa3Document): string {
  const result = buildFa3Xml(doc);
  if (!result.ok) throw new Fa3Error(result.problems);
  return result.xml;
}

/** `FV/2026/000123` → `FV-2026-000123.xml`, the file name of a download and inside the month's ZIP. */
export function fa3FileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9_-]+/g, '-')}.xml`;
}
