/**
 * One entry point for a statement file: size check → encoding → format → parser. Pure (bytes in,
 * transactions out), so the admin's browser parses the file and only the transactions travel to the
 * booking callable (see docs/bank-import.md, "Where parsing happens").
 */
import { parseCamt053, looksLikeCamt053, type CamtStatement } from './camt053.js';
import {
  CSV_PRESETS,
  inspectCsv,
  presetMapping,
  readCsvTransactions,
  type CsvDelimiter,
  type CsvInspection,
  type CsvMapping,
  type CsvPresetId,
} from './csv.js';
import { decodeStatementBytes, type ChosenEncoding } from './encoding.js';
import { looksLikeMt940, parseMt940 } from './mt940.js';
import { StatementError, type BankTransaction, type ParsedStatement, type TextEncodingName } from './types.js';

/** Real statements are far below this (5,000 transfers in MT940 ≈ 2 MB); a larger file is refused unread. */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

export interface ReadStatementOptions {
  encoding?: ChosenEncoding;
  /** Column mappings the admins saved, by CSV layout fingerprint. */
  savedCsvMappings?: Record<string, CsvMapping>;
  /** A mapping chosen right now (overrides saved ones and presets). */
  csvMapping?: CsvMapping;
  /** A bank layout the admin chose (overrides saved mappings and recognition). */
  csvPreset?: CsvPresetId;
  /**
   * A column separator the admin chose in the mapping form: the rows are split with it and the file
   * comes back for mapping with the re-split columns (a chosen mapping or layout still wins).
   */
  csvDelimiter?: CsvDelimiter;
  /** Called while a large XML file is read with the share read so far (0–1). */
  onProgress?: (fraction: number) => void;
}

/** How a CSV file's columns were decided, so the preview can say it and offer to change it. */
export interface CsvLayout {
  fingerprint: string;
  headers: string[];
  /** First rows of data, for the mapping form. */
  sample: string[][];
  mapping: CsvMapping;
  source: 'chosen' | 'saved' | 'preset' | 'guess';
  bank?: string;
  /** The preset in use, when `source` is `preset`. */
  presetId?: CsvPresetId;
}

export type ReadStatementResult =
  | { ok: true; statement: ParsedStatement & { csv?: CsvLayout } }
  | { ok: false; needsCsvMapping: CsvLayout; encoding: TextEncodingName };

function formatFileSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${mb.toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** Refuses a file over MAX_STATEMENT_BYTES; the browser calls it with the file's size before reading it. */
export function checkStatementSize(size: number): void {
  if (size > MAX_STATEMENT_BYTES) {
    const shown = formatFileSize(size);
    const limit = formatFileSize(MAX_STATEMENT_BYTES);
    // Just over the limit both round to „20,0 MB”; then the exact bytes show that the file is larger.
    const sizes =
      shown === limit
        ? `(${size.toLocaleString('pl-PL')} bajtów). Wyciąg może mieć najwyżej ${MAX_STATEMENT_BYTES.toLocaleString('pl-PL')} bajtów (${limit})`
        : `(${shown}). Wyciąg może mieć najwyżej ${limit}`;
    throw new StatementError('too-large', `Plik jest za duży ${sizes} — wyeksportuj z banku krótszy okres.`);
  }
}

export function readStatementFile(bytes: Uint8Array, options: ReadStatementOptions = {}): ReadStatementResult {
  checkStatementSize(bytes.length);
  const { text, encoding, uncertain } = decodeStatementBytes(bytes, options.encoding ?? 'auto');
  const guessed = uncertain ? { encodingUncertain: true as const } : {};
  if (text.trim() === '') throw new StatementError('empty', 'Plik jest pusty.');
  const warnings: string[] = [];
  /** A file of whole statements (camt.053, MT940): the first one's account, every one's transactions. */
  const fromStatements = (
    format: 'camt053' | 'mt940',
    statements: readonly { account: string; transactions: BankTransaction[] }[],
  ) =>
    finish({
      format,
      encoding,
      ...guessed,
      statementCount: statements.length,
      account: statements[0].account || undefined,
      transactions: statements.flatMap((s) => s.transactions),
      warnings,
    });

  if (/^\s*</.test(text)) {
    let statements: CamtStatement[];
    try {
      statements = parseCamt053(text, options.onProgress ? { onProgress: options.onProgress } : {});
    } catch (error) {
      // A hostile XML is named as such whatever it pretends to be; other XML that is not camt is just an unknown format.
      if (error instanceof StatementError && !error.code.startsWith('xml-') && !looksLikeCamt053(text))
        throw unknownFormat();
      throw error;
    }
    const pending = statements.reduce((n, s) => n + s.pendingEntries, 0);
    if (pending) warnings.push(`Pominięto operacje niezaksięgowane (oczekujące): ${pending}.`);
    return fromStatements('camt053', statements);
  }
  if (looksLikeMt940(text)) return fromStatements('mt940', parseMt940(text));
  if (/^\s*\{1:/.test(text) || /(^|\n):20:/.test(text)) {
    throw new StatementError(
      'truncated',
      'Plik wygląda na wyciąg MT940, ale brakuje w nim obowiązkowych pól (:25:, :60F:) — plik jest niekompletny lub uszkodzony.',
    );
  }
  const result = readCsv(text, encoding, options, warnings);
  if (result.ok && uncertain) result.statement.encodingUncertain = true;
  return result;
}

function readCsv(
  text: string,
  encoding: TextEncodingName,
  options: ReadStatementOptions,
  warnings: string[],
): ReadStatementResult {
  const lines = text.split(/\r\n|\n|\r/, 5).filter((l) => l.trim());
  if (!lines.some((l) => /[;,\t|]/.test(l))) throw unknownFormat();
  if (options.csvDelimiter && !options.csvMapping && !options.csvPreset) {
    // The admin is mapping the columns and picked the separator: show the rows split with it, even
    // when that makes one column — seeing it is how the admin finds the right one.
    const chosen = inspectCsv(text, options.csvDelimiter);
    return {
      ok: false,
      needsCsvMapping: {
        fingerprint: chosen.fingerprint,
        headers: chosen.headers,
        sample: sampleRows(chosen),
        mapping: chosen.guess.mapping,
        source: 'guess',
      },
      encoding,
    };
  }
  let inspection = inspectCsv(text);
  // A table has rows of several cells; a letter with a comma in it does not.
  if (inspection.rows.filter((r) => r.length >= 3).length < 2) throw unknownFormat();
  // A mapping made for another separator re-splits the rows with it.
  if (options.csvMapping && options.csvMapping.delimiter !== inspection.delimiter)
    inspection = inspectCsv(text, options.csvMapping.delimiter);
  const base = { fingerprint: inspection.fingerprint, headers: inspection.headers, sample: sampleRows(inspection) };
  const saved =
    options.savedCsvMappings && Object.hasOwn(options.savedCsvMappings, inspection.fingerprint)
      ? options.savedCsvMappings[inspection.fingerprint]
      : undefined;
  let layout: CsvLayout;
  if (options.csvPreset) {
    const id = options.csvPreset;
    const bank = CSV_PRESETS.find((p) => p.id === id)?.bank ?? id;
    const mapping = presetMapping(inspection, id);
    if (!mapping)
      throw new StatementError(
        'csv-mapping-invalid',
        `Plik nie ma układu „${bank}” (inne kolumny niż w eksporcie tego banku) — wybierz inny układ albo rozpoznawanie automatyczne.`,
      );
    layout = { ...base, mapping, source: 'preset', bank, presetId: id };
  } else if (options.csvMapping) layout = { ...base, mapping: options.csvMapping, source: 'chosen' };
  else if (saved) layout = { ...base, mapping: saved, source: 'saved' };
  else if (inspection.preset)
    layout = {
      ...base,
      mapping: inspection.preset.mapping,
      source: 'preset',
      bank: inspection.preset.bank,
      presetId: inspection.preset.id,
    };
  else if (inspection.guess.complete) layout = { ...base, mapping: inspection.guess.mapping, source: 'guess' };
  else return { ok: false, needsCsvMapping: { ...base, mapping: inspection.guess.mapping, source: 'guess' }, encoding };
  const transactions = readCsvTransactions(inspection, layout.mapping);
  const result = finish({ format: 'csv', encoding, transactions, warnings });
  if (result.ok) result.statement.csv = layout;
  return result;
}

function sampleRows(inspection: CsvInspection): string[][] {
  const start = inspection.headerRow + 1;
  return inspection.rows.slice(start, start + 5);
}

function finish(statement: ParsedStatement): ReadStatementResult {
  if (statement.transactions.length === 0)
    throw new StatementError('no-transactions', 'Wyciąg nie zawiera żadnych operacji.');
  return { ok: true, statement };
}

function unknownFormat(): StatementError {
  return new StatementError(
    'unknown-format',
    'Nie rozpoznano formatu pliku. Obsługiwane są wyciągi MT940, XML camt.053 i CSV z bankowości internetowej.',
  );
}
