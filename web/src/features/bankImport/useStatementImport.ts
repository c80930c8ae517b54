import { useMemo, useRef, useState } from 'react';
import type { CsvDelimiter, CsvMapping, CsvPresetId } from '@domain/bank/csv';
import type { ChosenEncoding } from '@domain/bank/encoding';
import { matchStatement, type BookingAction } from '@domain/bank/matching';
import type { BankBookingResult } from '@domain/bank/schemas';
import { checkStatementSize, type CsvLayout, type ReadStatementResult } from '@domain/bank/statement';
import { StatementError, type ParsedStatement } from '@domain/bank/types';
import { callFunction } from '../../shared/firebase';
import { refusalOf } from '../../shared/ui/formErrors';
import { useGetAllOrdersQuery } from '../orders';
import { useBankCsvMappingsQuery, useBankSettledTransactionsQuery } from './api';
import { BOOKING_CHUNK, assignableOrders, bookingItem, chunks, ordersForMatching, toBook } from './model';
import { readStatementOffThread, type StatementReading } from './readStatement';

/** „auto”, a bank's layout, or the admin's own column mapping. */
export type CsvLayoutChoice = 'auto' | CsvPresetId | 'mapping';

type Loaded = { fileName: string; bytes: Uint8Array };
type Stage =
  | { kind: 'idle' }
  | { kind: 'mapping'; file: Loaded; layout: CsvLayout }
  | { kind: 'preview'; file: Loaded; statement: ParsedStatement & { csv?: CsvLayout } };

export interface Booking {
  running: boolean;
  done: number;
  total: number;
  results: BankBookingResult[];
  error: string | null;
}

/**
 * The import's states and steps: a file read (off the main thread) into a preview, or into the CSV
 * mapping form when its columns are not known; the admin's decisions; booking in chunks of 25.
 */
export function useStatementImport() {
  const orders = useGetAllOrdersQuery();
  const settled = useBankSettledTransactionsQuery();
  const mappings = useBankCsvMappingsQuery();
  const [encoding, setEncoding] = useState<ChosenEncoding>('auto');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [fileError, setFileError] = useState<string | null>(null);
  const [decisions, setDecisions] = useState<Record<string, BookingAction>>({});
  const [confirming, setConfirming] = useState(false);
  const [savingMapping, setSavingMapping] = useState(false);
  const [booking, setBooking] = useState<Booking | null>(null);
  const [reading, setReading] = useState<{ fileName: string; fraction: number } | null>(null);
  // The file last chosen, kept when it is refused, so another encoding or layout can be tried on it.
  const [currentFile, setCurrentFile] = useState<Loaded | null>(null);
  const [layoutChoice, setLayoutChoice] = useState<CsvLayoutChoice>('auto');
  const currentReading = useRef<StatementReading | null>(null);

  const matchable = useMemo(() => ordersForMatching(orders.data ?? []), [orders.data]);
  const pendingOrders = useMemo(() => assignableOrders(matchable), [matchable]);
  const match = useMemo(
    () =>
      stage.kind === 'preview'
        ? matchStatement({
            transactions: stage.statement.transactions,
            orders: matchable,
            settled: settled.data ?? {},
            decisions,
          })
        : null,
    [stage, matchable, settled.data, decisions],
  );
  const sendable = useMemo(() => (match ? toBook(match) : []), [match]);

  const savedMappings = useMemo(
    () => Object.fromEntries(Object.entries(mappings.data ?? {}).map(([k, v]) => [k, v.mapping])),
    [mappings.data],
  );

  async function parse(
    file: Loaded,
    options: {
      csvMapping?: CsvMapping;
      csvPreset?: CsvPresetId;
      csvDelimiter?: CsvDelimiter;
      encoding?: ChosenEncoding;
    } = {},
  ) {
    setFileError(null);
    // A file chosen while another is still being read replaces it.
    currentReading.current?.cancel();
    const job = readStatementOffThread(
      file.bytes,
      {
        encoding: options.encoding ?? encoding,
        savedCsvMappings: savedMappings,
        ...(options.csvMapping ? { csvMapping: options.csvMapping } : {}),
        ...(options.csvPreset ? { csvPreset: options.csvPreset } : {}),
        ...(options.csvDelimiter ? { csvDelimiter: options.csvDelimiter } : {}),
      },
      (fraction) => setReading((r) => (r && currentReading.current === job ? { ...r, fraction } : r)),
    );
    currentReading.current = job;
    setCurrentFile(file);
    setLayoutChoice(options.csvPreset ?? (options.csvMapping || options.csvDelimiter ? 'mapping' : 'auto'));
    setReading({ fileName: file.fileName, fraction: 0 });
    let result: ReadStatementResult;
    try {
      result = await job.result;
    } catch (error) {
      if (currentReading.current !== job) return;
      currentReading.current = null;
      setReading(null);
      setStage({ kind: 'idle' });
      setFileError(error instanceof StatementError ? error.message : 'Nie udało się odczytać pliku.');
      return;
    }
    if (currentReading.current !== job) return;
    currentReading.current = null;
    setReading(null);
    setDecisions({});
    setBooking(null);
    setStage(
      result.ok
        ? { kind: 'preview', file, statement: result.statement }
        : { kind: 'mapping', file, layout: result.needsCsvMapping },
    );
  }

  async function choose(file: File | null) {
    setStage({ kind: 'idle' });
    setBooking(null);
    if (!file) {
      currentReading.current?.cancel();
      currentReading.current = null;
      setReading(null);
      setCurrentFile(null);
      return setFileError(null);
    }
    setCurrentFile(null);
    try {
      // Checked before reading: a 50 MB file is refused without loading it into memory.
      checkStatementSize(file.size);
    } catch (error) {
      return setFileError((error as StatementError).message);
    }
    await parse({ fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  }

  async function saveMapping(mapping: CsvMapping, bank: string) {
    if (stage.kind !== 'mapping') return;
    setSavingMapping(true);
    try {
      await callFunction('saveBankCsvMapping', { fingerprint: stage.layout.fingerprint, bank, mapping });
      await parse(stage.file, { csvMapping: mapping });
    } catch (error) {
      setFileError(refusalOf(error).message);
    } finally {
      setSavingMapping(false);
    }
  }

  function changeEncoding(next: ChosenEncoding) {
    setEncoding(next);
    if (currentFile)
      void parse(currentFile, {
        encoding: next,
        ...(layoutChoice !== 'auto' && layoutChoice !== 'mapping' ? { csvPreset: layoutChoice } : {}),
      });
  }

  function changeCsvLayout(choice: CsvLayoutChoice) {
    if (choice === 'mapping') {
      const layout =
        stage.kind === 'mapping' ? stage.layout : stage.kind === 'preview' ? stage.statement.csv : undefined;
      if (layout && stage.kind !== 'idle') setStage({ kind: 'mapping', file: stage.file, layout });
      return;
    }
    if (currentFile) void parse(currentFile, choice === 'auto' ? {} : { csvPreset: choice });
  }

  function decide(key: string, action: BookingAction | null) {
    setDecisions((current) => {
      const next = { ...current };
      if (action) next[key] = action;
      else delete next[key];
      return next;
    });
  }

  async function book() {
    if (stage.kind !== 'preview') return;
    setConfirming(false);
    const items = sendable.map(bookingItem);
    const state: Booking = { running: true, done: 0, total: items.length, results: [], error: null };
    setBooking({ ...state });
    const source = { format: stage.statement.format, fileName: stage.file.fileName.slice(0, 200) };
    for (const part of chunks(items, BOOKING_CHUNK)) {
      try {
        const { results } = await callFunction('bookBankTransactions', { items: part, source });
        state.results.push(...results);
      } catch (error) {
        // The rest is not sent; what was booked stays booked, and running again finishes the rest.
        state.error = `${refusalOf(error).message} Zaksięgowane przelewy pozostają zaksięgowane — uruchom księgowanie ponownie, aby dokończyć.`;
        break;
      }
      state.done += part.length;
      setBooking({ ...state, results: [...state.results] });
    }
    setDecisions({});
    setBooking({ ...state, running: false, results: [...state.results] });
  }

  return {
    orders,
    settled,
    mappings,
    encoding,
    stage,
    setStage,
    fileError,
    confirming,
    setConfirming,
    savingMapping,
    booking,
    reading,
    currentFile,
    layoutChoice,
    pendingOrders,
    match,
    sendable,
    parse,
    choose,
    saveMapping,
    changeEncoding,
    changeCsvLayout,
    decide,
    book,
  };
}
