import { invoiceIdFromNumber } from '@domain/numbering';
import { ORDER_STATUS_LABELS } from '@domain/orderState';
import { refundTransferStatusLabel, type CorrectionInvoice, type OrderRefunds } from '@domain/refunds';
import type { Order } from '@domain/schemas';

/**
 * Orders as CSV for a Polish accountant: Excel in a Polish locale opens it by double-click when the
 * separator is ";", the file starts with a UTF-8 BOM (else "ł" turns into mojibake) and amounts use a
 * decimal comma without thousands separators (`1234,50`), so they stay numbers, not text.
 */
export const CSV_BOM = '\uFEFF';
const SEP = ';';
const EOL = '\r\n';

const CSV_HEADER = [
  'Numer zamówienia',
  'Data złożenia',
  'Status',
  'Rodzaj',
  'E-mail',
  'Nabywca',
  'NIP',
  'Adres',
  'Kraj',
  'Netto',
  'VAT',
  'Brutto',
  'Data zapłaty',
  'Numer faktury',
  'Zwrócono',
  'Po zwrotach',
  'Faktury korygujące',
];

/** `123450` → `1234,50`; `-5` → `-0,05`. */
export function csvAmount(grosze: number): string {
  const sign = grosze < 0 ? '-' : '';
  const abs = Math.abs(grosze);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

const warsaw = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-11-22 14:05` in Warsaw time: sortable, and Excel recognises it as a date and time. */
export function csvDateTime(ms: number | undefined): string {
  if (ms == null) return '';
  const p = Object.fromEntries(warsaw.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** Quotes a field when it holds the separator, a quote or a line break (RFC 4180), and defuses formulas. */
export function csvField(value: string): string {
  // A leading = + - @ would make a spreadsheet evaluate a buyer's name as a formula; a negative amount
  // (`-129,00`, a correction's difference) is a number and stays one.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(,\d+)?$/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const toCsv = (rows: readonly (readonly string[])[]) =>
  CSV_BOM + rows.map((row) => row.map((cell) => csvField(String(cell))).join(SEP)).join(EOL) + EOL;

/** Net, VAT and gross as three cells: the columns „Netto;VAT;Brutto” of both exports. */
const totalsCells = (totals: { net: number; vat: number; gross: number }) => [
  csvAmount(totals.net),
  csvAmount(totals.vat),
  csvAmount(totals.gross),
];

/** The money returned for an order (all its refunds) and the numbers of its correction invoices. */
function refundedOf(refunds: OrderRefunds | undefined): { amount: number; numbers: string } {
  const transfers = Object.values(refunds?.corrections ?? {}).sort((a, b) => a.createdAt - b.createdAt);
  return { amount: transfers.reduce((s, t) => s + t.amount, 0), numbers: transfers.map((t) => t.number).join(', ') };
}

/** `refunds`: `/refunds` by order id — a paid order then shows what was returned and what it brought net of that. */
export function ordersCsv(
  orders: readonly (Order & { id?: string })[],
  refunds: Record<string, OrderRefunds> = {},
): string {
  const rows = [...orders]
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((o) => {
      const inv = o.buyer.invoice;
      const refunded = refundedOf(o.id ? refunds[o.id] : undefined);
      return [
        o.number,
        csvDateTime(o.createdAt),
        ORDER_STATUS_LABELS[o.status],
        o.kind === 'tickets' ? 'bilety' : 'sklepik',
        o.buyer.email,
        inv.name,
        inv.kind === 'company' ? inv.nip : '',
        `${inv.street}, ${inv.postalCode} ${inv.city}`,
        inv.country,
        ...totalsCells(o.totals),
        csvDateTime(o.paidAt),
        o.invoiceNumber ?? '',
        o.status === 'paid' ? csvAmount(refunded.amount) : '',
        o.status === 'paid' ? csvAmount(o.totals.gross - refunded.amount) : '',
        refunded.numbers,
      ];
    });
  return toCsv([CSV_HEADER, ...rows]);
}

const REFUNDS_CSV_HEADER = [
  'Numer korekty',
  'Data wystawienia',
  'Faktura korygowana',
  'Data faktury korygowanej',
  'Numer zamówienia',
  'Nabywca',
  'NIP',
  'Przyczyna',
  'Netto',
  'VAT',
  'Brutto',
  'Do zwrotu',
  'Potrącona opłata',
  'Rachunek do zwrotu',
  'Status zwrotu',
  'Data przelewu',
];

/**
 * Correction invoices for the accountant, oldest first: the differences (negative), the money to return,
 * the fee kept, and whether the transfer was made (`refunds`: `/refunds` by order id).
 */
export function refundsCsv(corrections: readonly CorrectionInvoice[], refunds: Record<string, OrderRefunds>): string {
  const rows = [...corrections]
    .sort((a, b) => a.issuedAt - b.issuedAt || a.number.localeCompare(b.number))
    .map((c) => {
      const transfer = refunds[c.orderId]?.corrections?.[invoiceIdFromNumber(c.number)];
      return [
        c.number,
        c.issueDate,
        c.corrected.number,
        c.corrected.issueDate,
        c.orderNumber,
        c.buyer.name,
        c.buyer.kind === 'company' ? c.buyer.nip : '',
        c.reason,
        ...totalsCells(c.totals),
        csvAmount(c.refundAmount),
        csvAmount(c.fee),
        c.refundAccount,
        transfer ? refundTransferStatusLabel(transfer) : '',
        transfer?.transferredOn ?? '',
      ];
    });
  return toCsv([REFUNDS_CSV_HEADER, ...rows]);
}
