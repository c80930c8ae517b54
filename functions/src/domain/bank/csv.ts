/**
 * CSV exports of Polish banks. They differ in separator (`;` `,` tab), quoting, preamble lines
 * before the header (mBank, ING), no header at all (Santander), decimal comma or dot, date order,
 * one signed amount column or separate credit/debit columns, and details packed as "Label: value"
 * cells (PKO BP). Splitting into rows and cells is papaparse's job (quotes, embedded separators and
 * line breaks); this module finds the header, recognises known layouts, and applies a column
 * mapping — the admin's own when the layout is unknown, remembered per layout by its fingerprint.
 */
import Papa from 'papaparse';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { parseAmountToGrosze } from './amount.js';
import { cleanText, isoDate, normalizeAccount } from './text.js';
import { StatementError, type BankTransaction } from './types.js';

export const CSV_DELIMITERS = [';', ',', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
export const CSV_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD-MM-YYYY',
  'DD.MM.YYYY',
  'DD/MM/YYYY',
  'YYYY.MM.DD',
  'YYYY/MM/DD',
  'YYYYMMDD',
] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

/** Which column holds what (0-based indexes). Either `amount` (signed) or `credit` (+ optional `debit`). */
export interface CsvColumns {
  bookingDate: number;
  amount?: number;
  credit?: number;
  debit?: number;
  title: number[];
  payerName?: number[];
  payerAccount?: number;
  reference?: number;
  currency?: number;
}

export interface CsvMapping {
  delimiter: CsvDelimiter;
  /** Row index of the header, or -1 when the file has none. */
  headerRow: number;
  /** Row index of the first transaction. */
  dataStart: number;
  decimal: ',' | '.';
  dateFormat: CsvDateFormat;
  columns: CsvColumns;
  /** From this column on, cells read "Tytuł: …", "Nazwa nadawcy: …", "Rachunek nadawcy: …" (PKO BP). */
  labelledFrom?: number;
}

export interface CsvInspection {
  delimiter: CsvDelimiter;
  rows: string[][];
  headerRow: number;
  /** The header cells (or "Kolumna 1…n" for a file without one). */
  headers: string[];
  /** Identifies the layout: the same bank's exports share it, so a mapping is remembered under it. */
  fingerprint: string;
  /** A known bank layout recognised from the header (or, for Santander, the rows), if any. */
  preset?: { id: CsvPresetId; bank: string; mapping: CsvMapping };
  /** The best guess from header names; `complete` when date, amount and title were all found. */
  guess: { mapping: CsvMapping; complete: boolean };
}

const DATE_WORDS = /^(data|date)\b|data (operacji|księgowania|transakcji|waluty)/i;
const AMOUNT_WORDS = /kwota|amount|uznania|obciążenia|wpływy|wydatki/i;

/** Splits the text into rows and finds the header and the layout; `delimiter` re-splits with another separator. */
export function inspectCsv(text: string, delimiter: CsvDelimiter = detectDelimiter(text)): CsvInspection {
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy' });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) {
    throw new StatementError(
      'truncated',
      `Plik CSV jest niekompletny lub uszkodzony: niezamknięty cudzysłów w wierszu ${(quoteError.row ?? 0) + 1} — plik mógł zostać ucięty.`,
    );
  }
  const rows = parsed.data.map((r) => r.map((c) => c.trim()));
  if (rows.length === 0) throw new StatementError('empty', 'Plik CSV jest pusty.');
  const headerRow = rows.slice(0, 60).findIndex((r) => r.length >= 3 && looksLikeHeader(r));
  const width = Math.max(
    ...rows.slice(headerRow >= 0 ? headerRow : 0, (headerRow >= 0 ? headerRow : 0) + 50).map((r) => r.length),
  );
  const headers =
    headerRow >= 0 ? rows[headerRow].map(stripHash) : Array.from({ length: width }, (_, i) => `Kolumna ${i + 1}`);
  const fingerprint = csvFingerprint(headerRow >= 0 ? headers : null, delimiter, width);
  const preset = PRESETS.map((p) => ({
    id: p.id,
    bank: p.bank,
    mapping: p.detect(headers, headerRow, delimiter, rows),
  })).find((p) => p.mapping !== null) as CsvInspection['preset'];
  return {
    delimiter,
    rows,
    headerRow,
    headers,
    fingerprint,
    ...(preset ? { preset } : {}),
    guess: guessMapping(rows, headers, headerRow, delimiter),
  };
}

/** The key a mapping is remembered under: hash of the normalised header (or of the shape of a header-less file). */
function csvFingerprint(headers: string[] | null, delimiter: string, width: number): string {
  const basis = headers
    ? `h|${delimiter}|${headers.map((h) => h.toLowerCase().replace(/\s+/g, ' ').trim()).join('|')}`
    : `n|${delimiter}|${width}`;
  return `c${bytesToHex(sha256(utf8ToBytes(basis))).slice(0, 24)}`;
}

function stripHash(cell: string): string {
  return cell.replace(/^#/, '').trim();
}

/**
 * The separator: the one that splits a header line (date and amount words, three or more fields) and
 * the rows below it into the same number of fields — a preamble above the header (mBank's „Lista
 * operacji” starts with a sentence full of commas) does not count. Without such a header, the one that
 * splits most lines into the same number (≥ 3) of fields.
 */
function detectDelimiter(text: string): CsvDelimiter {
  const lines = text.split(/\r\n|\n|\r/, 200).filter((l) => l.trim() !== '');
  let best: CsvDelimiter = ';';
  let bestScore = -1;
  for (const d of CSV_DELIMITERS) {
    const counts = lines.map((l) => countFields(l, d));
    const header = lines.findIndex((l, i) => counts[i] >= 3 && looksLikeHeader(splitSimple(l, d)));
    let score: number;
    if (header >= 0) {
      const rows = counts.slice(header + 1, header + 51);
      score = 10_000 + rows.filter((c) => c === counts[header] || c === counts[header] - 1).length;
    } else {
      const freq = new Map<number, number>();
      for (const c of counts.slice(0, 80)) if (c >= 3) freq.set(c, (freq.get(c) ?? 0) + 1);
      score = Math.max(0, ...freq.values());
    }
    if (score > bestScore) [best, bestScore] = [d, score];
  }
  return best;
}

function looksLikeHeader(cells: string[]): boolean {
  return cells.some((c) => DATE_WORDS.test(stripHash(c))) && cells.some((c) => AMOUNT_WORDS.test(stripHash(c)));
}

function splitSimple(line: string, d: string): string[] {
  return line.split(d).map((c) => c.replace(/^"|"$/g, '').trim());
}

function countFields(line: string, d: string): number {
  let inQuotes = false;
  let n = 1;
  for (const ch of line) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === d && !inQuotes) n++;
  }
  return n;
}

// ------------------------------------------------------------------ known layouts

export const CSV_PRESETS = [
  { id: 'pko-bp', bank: 'PKO BP' },
  { id: 'mbank', bank: 'mBank' },
  { id: 'mbank-lista', bank: 'mBank (lista operacji)' },
  { id: 'ing', bank: 'ING Bank Śląski' },
  { id: 'santander', bank: 'Santander Bank Polska' },
  { id: 'pekao', bank: 'Bank Pekao' },
  { id: 'millennium', bank: 'Bank Millennium' },
  { id: 'credit-agricole', bank: 'Credit Agricole' },
] as const;
export type CsvPresetId = (typeof CSV_PRESETS)[number]['id'];

interface Preset {
  id: CsvPresetId;
  bank: string;
  detect(headers: string[], headerRow: number, delimiter: CsvDelimiter, rows: string[][]): CsvMapping | null;
}

const lower = (h: string[]) => h.map((x) => x.toLowerCase());
const col = (headers: string[], name: string) => lower(headers).indexOf(name.toLowerCase());

const bankOf = (id: CsvPresetId) => CSV_PRESETS.find((p) => p.id === id)!.bank;
const DDMMYYYY = /^\d{2}-\d{2}-\d{4}$/;

/** The indexes of the columns a layout's header names (any case), or null when one of them is missing. */
function namedColumns(headers: string[], names: readonly string[]): number[] | null {
  const found = names.map((name) => col(headers, name));
  return found.some((i) => i < 0) ? null : found;
}

/** A layout whose data starts on the line under its header. */
const underHeader = (
  delimiter: CsvDelimiter,
  headerRow: number,
  decimal: CsvMapping['decimal'],
  dateFormat: CsvDateFormat,
  columns: CsvColumns,
): CsvMapping => ({ delimiter, headerRow, dataStart: headerRow + 1, decimal, dateFormat, columns });

const PRESETS: Preset[] = [
  {
    id: 'mbank',
    bank: bankOf('mbank'),
    detect(headers, headerRow, delimiter) {
      const found = namedColumns(headers, [
        'Data księgowania',
        'Tytuł',
        'Nadawca/Odbiorca',
        'Numer konta',
        'Kwota',
        'Opis operacji',
      ]);
      if (!found) return null;
      const [date, title, party, account, amount] = found;
      return underHeader(delimiter, headerRow, ',', 'YYYY-MM-DD', {
        bookingDate: date,
        amount,
        title: [title],
        payerName: [party],
        payerAccount: account,
      });
    },
  },
  {
    // mBank's „Lista operacji” (the newer web export): Opis operacji holds payer and title together,
    // Rachunek is the organiser's own account, amounts read "1 185,61 PLN".
    id: 'mbank-lista',
    bank: bankOf('mbank-lista'),
    detect(headers, headerRow, delimiter) {
      const found = namedColumns(headers, [
        'Data operacji',
        'Opis operacji',
        'Rachunek',
        'Kategoria',
        'Kwota',
        'Saldo po operacji',
      ]);
      if (!found) return null;
      const [date, description, , , amount] = found;
      return underHeader(delimiter, headerRow, ',', 'YYYY-MM-DD', { bookingDate: date, amount, title: [description] });
    },
  },
  {
    id: 'ing',
    bank: bankOf('ing'),
    detect(headers, headerRow, delimiter) {
      const found = namedColumns(headers, [
        'Data księgowania',
        'Dane kontrahenta',
        'Tytuł',
        'Nr rachunku',
        'Nr transakcji',
        'Kwota transakcji (waluta rachunku)',
      ]);
      if (!found) return null;
      const [date, party, title, account, ref, amount] = found;
      return underHeader(delimiter, headerRow, ',', 'YYYY-MM-DD', {
        bookingDate: date,
        amount,
        currency: amount + 1,
        title: [title],
        payerName: [party],
        payerAccount: account,
        reference: ref,
      });
    },
  },
  {
    id: 'pko-bp',
    bank: bankOf('pko-bp'),
    detect(headers, headerRow, delimiter) {
      const found = namedColumns(headers, ['Data operacji', 'Typ transakcji', 'Kwota', 'Waluta', 'Opis transakcji']);
      if (!found) return null;
      const [date, , amount, currency, description] = found;
      return {
        ...underHeader(delimiter, headerRow, '.', 'YYYY-MM-DD', { bookingDate: date, amount, currency, title: [] }),
        labelledFrom: description,
      };
    },
  },
  {
    // Pekao24 „Lista operacji”: Rachunek źródłowy is the payer's account on an incoming transfer. The
    // title column is „Tytułem” in the bank's export (as a public importer's config quotes its header).
    id: 'pekao',
    bank: bankOf('pekao'),
    detect(headers, headerRow, delimiter) {
      const titleColumn = col(headers, 'Tytułem') >= 0 ? 'Tytułem' : 'Tytuł';
      const found = namedColumns(headers, [
        'Data księgowania',
        'Nadawca / Odbiorca',
        'Rachunek źródłowy',
        titleColumn,
        'Kwota operacji',
        'Waluta',
        'Numer referencyjny',
      ]);
      if (!found) return null;
      const [date, party, source, title, amount, currency, ref] = found;
      return underHeader(delimiter, headerRow, ',', 'DD.MM.YYYY', {
        bookingDate: date,
        amount,
        currency,
        title: [title],
        payerName: [party],
        payerAccount: source,
        reference: ref,
      });
    },
  },
  {
    // Santander's CSV has no header: a summary row (date, own account, owner, currency, sums, count),
    // then: operation date, booking date, title, party, party account, amount, balance, row number.
    id: 'santander',
    bank: bankOf('santander'),
    detect(_headers, headerRow, delimiter, rows) {
      if (headerRow >= 0 || delimiter !== ',') return null;
      const [summary, ...data] = rows;
      if (!summary || !/^\d{4}-\d{2}-\d{2}$/.test(summary[0] ?? '') || !/^'?[\d ]{26,32}'?$/.test(summary[1] ?? ''))
        return null;
      const sample = data.slice(0, 20);
      if (sample.length === 0 || !sample.every((r) => r.length >= 7 && DDMMYYYY.test(r[0]) && DDMMYYYY.test(r[1])))
        return null;
      return {
        delimiter,
        headerRow: -1,
        dataStart: 1,
        decimal: ',',
        dateFormat: 'DD-MM-YYYY',
        columns: { bookingDate: 1, amount: 5, title: [2], payerName: [3], payerAccount: 4 },
      };
    },
  },
  {
    id: 'millennium',
    bank: bankOf('millennium'),
    detect(headers, headerRow, delimiter) {
      const found = namedColumns(headers, [
        'Data rozliczenia',
        'Na konto/Z konta',
        'Odbiorca/Zleceniodawca',
        'Opis',
        'Obciążenia',
        'Uznania',
        'Waluta',
      ]);
      if (!found) return null;
      const [date, account, party, title, debit, credit, currency] = found;
      return underHeader(delimiter, headerRow, '.', 'YYYY-MM-DD', {
        bookingDate: date,
        credit,
        debit,
        currency,
        title: [title],
        payerName: [party],
        payerAccount: account,
      });
    },
  },
  {
    // Credit Agricole's CSV export as its one public description gives it (help of the mobevo.pl
    // MT940 converter): comma-separated, Windows-1250, the header on the first line, the date in a
    // column named „Data” as YYYYMMDD, and columns for the sender's and the recipient's account, the
    // amount and the title. The exact names of the other columns are not published, so they are
    // recognised by those words; the 8-digit dates under „Data” tell this layout from the others.
    id: 'credit-agricole',
    bank: bankOf('credit-agricole'),
    detect(headers, headerRow, delimiter, rows) {
      if (headerRow < 0 || delimiter !== ',') return null;
      const h = lower(headers);
      const find = (re: RegExp) => h.findIndex((x) => re.test(x));
      const date = h.indexOf('data');
      const sender = find(/^(rachunek|numer rachunku|nr rachunku) (nadawcy|zleceniodawcy)$/);
      const recipient = find(/^(rachunek|numer rachunku|nr rachunku) (odbiorcy|beneficjenta)$/);
      const amount = find(/^kwota( operacji| transakcji)?$/);
      const title = find(/^tytuł( operacji| przelewu)?$/);
      if ([date, sender, recipient, amount, title].some((i) => i < 0)) return null;
      const sample = rows.slice(headerRow + 1, headerRow + 21).filter((r) => r.length > date);
      if (sample.length === 0 || !sample.every((r) => /^\d{8}$/.test(r[date]))) return null;
      const payerName = find(/^(nazwa|dane) (nadawcy|zleceniodawcy)$/);
      const currency = find(/^waluta$/);
      const decimal =
        sample.some((r) => /\.\d{2}$/.test(r[amount] ?? '')) && !sample.some((r) => /,\d{2}$/.test(r[amount] ?? ''))
          ? '.'
          : ',';
      return underHeader(delimiter, headerRow, decimal, 'YYYYMMDD', {
        bookingDate: date,
        amount,
        title: [title],
        payerAccount: sender,
        ...(payerName >= 0 ? { payerName: [payerName] } : {}),
        ...(currency >= 0 ? { currency } : {}),
      });
    },
  },
];

/** The mapping of a preset the admin chose, or null when the file does not have that layout. */
export function presetMapping(inspection: CsvInspection, id: CsvPresetId): CsvMapping | null {
  const preset = PRESETS.find((p) => p.id === id);
  return preset ? preset.detect(inspection.headers, inspection.headerRow, inspection.delimiter, inspection.rows) : null;
}

/** A mapping from header names alone, for banks without a preset; the admin confirms or corrects it. */
function guessMapping(
  rows: string[][],
  headers: string[],
  headerRow: number,
  delimiter: CsvDelimiter,
): CsvInspection['guess'] {
  const h = lower(headers);
  const find = (...patterns: RegExp[]) => {
    for (const p of patterns) {
      const i = h.findIndex((x) => p.test(x));
      if (i >= 0) return i;
    }
    return -1;
  };
  const bookingDate = find(
    /data księgowania/,
    /data rozliczenia/,
    /data operacji/,
    /data transakcji/,
    /^data$/,
    /date/,
  );
  const amount = find(/^kwota$/, /kwota (operacji|transakcji)/, /^kwota/, /amount/);
  const credit = amount < 0 ? find(/uznania/, /wpływy/, /credit/) : -1;
  const debit = amount < 0 ? find(/obciążenia/, /wydatki/, /debit/) : -1;
  const title = find(/tytuł/, /^opis$/, /opis operacji/, /opis transakcji/, /szczegóły/, /description/);
  const payerName = find(/nadawca/, /kontrahent/, /zleceniodawca/, /nazwa/, /odbiorca/);
  const payerAccount = find(/rachun/, /konto/, /numer konta/, /iban/);
  const reference = find(/nr transakcji/, /referenc/, /identyfikator/);
  const currency = find(/^waluta$/, /currency/);
  const dataStart = headerRow + 1;
  const sample = rows.slice(dataStart, dataStart + 30);
  const columns: CsvColumns = {
    bookingDate: Math.max(bookingDate, 0),
    title: title >= 0 ? [title] : [],
    ...(amount >= 0 ? { amount } : {}),
    ...(credit >= 0 ? { credit } : {}),
    ...(debit >= 0 ? { debit } : {}),
    ...(payerName >= 0 ? { payerName: [payerName] } : {}),
    ...(payerAccount >= 0 ? { payerAccount } : {}),
    ...(reference >= 0 ? { reference } : {}),
    ...(currency >= 0 ? { currency } : {}),
  };
  const amountCells = sample.map((r) => r[amount >= 0 ? amount : credit] ?? '').filter(Boolean);
  const mapping: CsvMapping = {
    delimiter,
    headerRow,
    dataStart: Math.max(dataStart, 0),
    decimal:
      amountCells.some((c) => /,\d{1,2}\s*(PLN|zł)?$/i.test(c)) || !amountCells.some((c) => /\.\d{2}$/.test(c))
        ? ','
        : '.',
    dateFormat: detectDateFormat(sample.map((r) => r[columns.bookingDate] ?? '')),
    columns,
  };
  return { mapping, complete: bookingDate >= 0 && (amount >= 0 || credit >= 0) && title >= 0 };
}

function detectDateFormat(values: string[]): CsvDateFormat {
  for (const f of CSV_DATE_FORMATS) {
    const ok = values.filter(Boolean);
    if (ok.length && ok.every((v) => parseCsvDate(v, f) !== null)) return f;
  }
  return 'YYYY-MM-DD';
}

function parseCsvDate(value: string, format: CsvDateFormat): string | null {
  if (format === 'YYYYMMDD') {
    const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value.trim());
    return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  }
  const sep = format.replace(/[YMD]/g, '').charAt(0);
  const parts = value.trim().slice(0, 10).split(sep);
  if (parts.length !== 3) return null;
  const [y, m, d] = format.startsWith('Y') ? parts : [parts[2], parts[1], parts[0]];
  if (!/^\d{4}$/.test(y) || !/^\d{1,2}$/.test(m) || !/^\d{1,2}$/.test(d)) return null;
  return isoDate(Number(y), Number(m), Number(d));
}

// ------------------------------------------------------------------ applying a mapping

const LABELS: [RegExp, 'title' | 'payerName' | 'payerAccount' | 'reference'][] = [
  [/^tytuł\s*:/i, 'title'],
  [/^(nazwa|dane) (nadawcy|zleceniodawcy|kontrahenta)\s*:/i, 'payerName'],
  [/^(rachunek|numer rachunku|nr rachunku) (nadawcy|zleceniodawcy|kontrahenta)\s*:/i, 'payerAccount'],
  [/^referencje własne zleceniodawcy\s*:/i, 'reference'],
];

/** Checks a mapping against the file: every mapped column exists in the header (or the widest row). */
function validateCsvMapping(mapping: CsvMapping, width: number): string | null {
  const c = mapping.columns;
  const all = [
    c.bookingDate,
    c.amount,
    c.credit,
    c.debit,
    ...c.title,
    ...(c.payerName ?? []),
    c.payerAccount,
    c.reference,
    c.currency,
    mapping.labelledFrom,
  ].filter((x): x is number => x !== undefined);
  if (all.some((i) => !Number.isInteger(i) || i < 0 || i >= width))
    return 'Mapowanie wskazuje kolumnę, której nie ma w pliku.';
  if (c.amount === undefined && c.credit === undefined) return 'Wskaż kolumnę z kwotą (albo kolumnę uznań).';
  if (c.title.length === 0 && mapping.labelledFrom === undefined) return 'Wskaż kolumnę z tytułem przelewu.';
  return null;
}

/** Reads the transactions with a mapping. Rows after the last transaction (summaries, footers) are skipped. */
export function readCsvTransactions(inspection: CsvInspection, mapping: CsvMapping): BankTransaction[] {
  const width = Math.max(
    inspection.headers.length,
    ...inspection.rows.slice(mapping.dataStart, mapping.dataStart + 50).map((r) => r.length),
  );
  const problem = validateCsvMapping(mapping, width);
  if (problem) throw new StatementError('csv-mapping-invalid', problem);
  const c = mapping.columns;
  const needed = Math.max(
    c.bookingDate,
    c.amount ?? 0,
    c.credit ?? 0,
    c.debit ?? 0,
    ...c.title,
    ...(c.payerName ?? []),
    c.payerAccount ?? 0,
  );
  const rows = inspection.rows;
  const out: BankTransaction[] = [];
  let lastData = -1;
  for (let i = rows.length - 1; i >= mapping.dataStart; i--) {
    if (parseCsvDate(rows[i][c.bookingDate] ?? '', mapping.dateFormat)) {
      lastData = i;
      break;
    }
  }
  if (lastData < 0)
    throw new StatementError(
      'no-transactions',
      'W pliku CSV nie ma żadnej operacji z datą w wybranym formacie — sprawdź mapowanie kolumn.',
    );
  // A last row shorter than the others is a file cut off in the middle of a line.
  const lastRow = rows[rows.length - 1];
  if (rows.length - 1 === lastData && lastRow.length <= needed) {
    throw new StatementError(
      'truncated',
      `Ostatni wiersz pliku CSV (wiersz ${rows.length}) jest niepełny — plik mógł zostać ucięty.`,
    );
  }
  for (let i = mapping.dataStart; i <= lastData; i++) {
    const row = rows[i];
    const line = i + 1;
    if (row.every((cell) => cell === '')) continue;
    const bookingDate = parseCsvDate(row[c.bookingDate] ?? '', mapping.dateFormat);
    if (!bookingDate)
      throw new StatementError(
        'bad-date',
        `Nieprawidłowa data „${(row[c.bookingDate] ?? '').slice(0, 20)}” w wierszu ${line} (oczekiwany format ${mapping.dateFormat}).`,
      );
    const amountGrosze = readAmount(row, c, mapping.decimal, line);
    const labelled = mapping.labelledFrom !== undefined ? readLabelled(row.slice(mapping.labelledFrom)) : {};
    const title = cleanText([...c.title.map((k) => row[k] ?? ''), labelled.title ?? ''].filter(Boolean).join(' '), 500);
    const payerName = cleanText((c.payerName ?? []).map((k) => row[k] ?? '').join(' ') || labelled.payerName, 200);
    const payerAccount = normalizeAccount(
      c.payerAccount !== undefined ? row[c.payerAccount].replace(/^'|'$/g, '') : labelled.payerAccount,
    );
    const reference = cleanText(c.reference !== undefined ? row[c.reference] : labelled.reference, 100);
    const currency = c.currency !== undefined && /^[A-Z]{3}$/.test(row[c.currency] ?? '') ? row[c.currency] : 'PLN';
    out.push({
      bookingDate,
      amountGrosze,
      currency,
      title,
      ...(payerName ? { payerName } : {}),
      ...(payerAccount ? { payerAccount } : {}),
      ...(reference ? { reference } : {}),
    });
  }
  return out;
}

function readAmount(row: string[], c: CsvColumns, decimal: ',' | '.', line: number): number {
  const parse = (cell: string | undefined) => {
    if (cell === undefined || cell.trim() === '') return 0;
    const v = parseAmountToGrosze(cell, { decimal });
    if (v === null)
      throw new StatementError('bad-amount', `Nieprawidłowa kwota „${cell.slice(0, 30)}” w wierszu ${line}.`);
    return v;
  };
  if (c.amount !== undefined) return parse(row[c.amount]);
  const credit = Math.abs(parse(row[c.credit!]));
  const debit = c.debit !== undefined ? Math.abs(parse(row[c.debit])) : 0;
  return credit - debit;
}

function readLabelled(cells: string[]): Partial<Record<'title' | 'payerName' | 'payerAccount' | 'reference', string>> {
  const out: Partial<Record<'title' | 'payerName' | 'payerAccount' | 'reference', string>> = {};
  for (const cell of cells) {
    for (const [re, field] of LABELS) {
      if (re.test(cell)) {
        out[field] = cell.replace(re, '').trim();
        break;
      }
    }
  }
  return out;
}
