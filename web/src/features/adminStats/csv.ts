import { ORDER_STATUS_LABELS } from '@domain/orderState';
import type { Order } from '@domain/schemas';

/**
 * Orders as CSV for a Polish accountant: Excel in a Polish locale opens it by double-click when the
 * separator is ";", the file starts with a UTF-8 BOM (else "ł" turns into mojibake) and amounts use a
 * decimal comma without thousands separators (`1234,50`), so they stay numbers, not text.
 */
export const CSV_BOM = '\uFEFF';
const SEP = ';';
const EOL = '\r\n';

export const CSV_HEADER = [
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
  // A leading = + - @ would make a spreadsheet evaluate a buyer's name as a formula.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function ordersCsv(orders: readonly Order[]): string {
  const rows = [...orders]
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((o) => {
      const inv = o.buyer.invoice;
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
        csvAmount(o.totals.net),
        csvAmount(o.totals.vat),
        csvAmount(o.totals.gross),
        csvDateTime(o.paidAt),
        o.invoiceNumber ?? '',
      ];
    });
  return CSV_BOM + [CSV_HEADER, ...rows].map((row) => row.map((cell) => csvField(String(cell))).join(SEP)).join(EOL) + EOL;
}

/** Saves the text as a file through a temporary link (works offline, no server round trip). */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
