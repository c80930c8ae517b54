import { useMemo, useRef, useState } from 'react';
import type { CsvDelimiter, CsvMapping, CsvPresetId } from '@domain/bank/csv';
import type { ChosenEncoding } from '@domain/bank/encoding';
import { checkStatementSize, type CsvLayout, type ReadStatementResult } from '@domain/bank/statement';
import { StatementError, type ParsedStatement } from '@domain/bank/types';
import { callFunction } from '../../shared/firebase';
import { refusalOf } from '../../shared/ui/formErrors';
import { useBankCsvMappingsQuery } from './api';
import { readStatementOffThread, type StatementReading } from './readStatement';

/** „auto”, a bank's layout, or the admin's own column mapping. */
export type CsvLayoutChoice = 'auto' | CsvPresetId | 'mapping';

type LoadedFile = { fileName: string; bytes: Uint8Array };
export type ReadStatement = ParsedStatement & { csv?: CsvLayout };
type Stage =
  | { kind: 'idle' }
  | { kind: 'mapping'; file: LoadedFile; layout: CsvLayout }
  | { kind: 'preview'; file: LoadedFile; statement: ReadStatement };

interface ReadOptions {
  csvMapping?: CsvMapping;
  csvPreset?: CsvPresetId;
  csvDelimiter?: CsvDelimiter;
  encoding?: ChosenEncoding;
}

/**
 * Reading a statement file: off the main thread into a preview, or into the CSV mapping form when
 * its columns are not known; another encoding or layout tried on the same file; a mapping saved.
 */
export function useStatementFile() {
  const mappings = useBankCsvMappingsQuery();
  const [encoding, setEncoding] = useState<ChosenEncoding>('auto');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [fileError, setFileError] = useState<string | null>(null);
  const [savingMapping, setSavingMapping] = useState(false);
  const [reading, setReading] = useState<{ fileName: string; fraction: number } | null>(null);
  // The file last chosen, kept when it is refused, so another encoding or layout can be tried on it.
  const [currentFile, setCurrentFile] = useState<LoadedFile | null>(null);
  const [layoutChoice, setLayoutChoice] = useState<CsvLayoutChoice>('auto');
  const currentReading = useRef<StatementReading | null>(null);

  const savedMappings = useMemo(
    () => Object.fromEntries(Object.entries(mappings.data ?? {}).map(([k, v]) => [k, v.mapping])),
    [mappings.data],
  );

  /** The current reading is over (done, failed or cancelled): no progress to show. */
  function endReading() {
    currentReading.current = null;
    setReading(null);
  }

  async function read(file: LoadedFile, options: ReadOptions = {}) {
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
      endReading();
      setStage({ kind: 'idle' });
      setFileError(error instanceof StatementError ? error.message : 'Nie udało się odczytać pliku.');
      return;
    }
    if (currentReading.current !== job) return;
    endReading();
    setStage(
      result.ok
        ? { kind: 'preview', file, statement: result.statement }
        : { kind: 'mapping', file, layout: result.needsCsvMapping },
    );
  }

  async function choose(file: File | null) {
    setStage({ kind: 'idle' });
    setCurrentFile(null);
    if (!file) {
      currentReading.current?.cancel();
      endReading();
      return setFileError(null);
    }
    try {
      // Checked before reading: a 50 MB file is refused without loading it into memory.
      checkStatementSize(file.size);
    } catch (error) {
      return setFileError((error as StatementError).message);
    }
    await read({ fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  }

  async function saveMapping(mapping: CsvMapping, bank: string) {
    if (stage.kind !== 'mapping') return;
    setSavingMapping(true);
    try {
      await callFunction('saveBankCsvMapping', { fingerprint: stage.layout.fingerprint, bank, mapping });
      await read(stage.file, { csvMapping: mapping });
    } catch (error) {
      setFileError(refusalOf(error).message);
    } finally {
      setSavingMapping(false);
    }
  }

  function changeDelimiter(csvDelimiter: CsvDelimiter) {
    if (stage.kind === 'mapping') void read(stage.file, { csvDelimiter });
  }

  function changeEncoding(next: ChosenEncoding) {
    setEncoding(next);
    if (currentFile)
      void read(currentFile, {
        encoding: next,
        ...(layoutChoice !== 'auto' && layoutChoice !== 'mapping' ? { csvPreset: layoutChoice } : {}),
      });
  }

  /** Back to the mapping form for the file in hand (its columns as read), or a bank's layout. */
  function changeCsvLayout(choice: CsvLayoutChoice) {
    if (choice !== 'mapping') {
      if (currentFile) void read(currentFile, choice === 'auto' ? {} : { csvPreset: choice });
      return;
    }
    const layout = stage.kind === 'mapping' ? stage.layout : stage.kind === 'preview' ? stage.statement.csv : undefined;
    if (layout && stage.kind !== 'idle') setStage({ kind: 'mapping', file: stage.file, layout });
  }

  // The layout select shows what the file was read with: a bank's layout, a guess („auto”) or a mapping.
  const statementCsv = stage.kind === 'preview' ? stage.statement.csv : undefined;
  const csvLayout: CsvLayoutChoice =
    stage.kind === 'mapping'
      ? 'mapping'
      : statementCsv
        ? (statementCsv.presetId ?? (statementCsv.source === 'guess' ? 'auto' : 'mapping'))
        : layoutChoice;
  const offersCsvLayout =
    stage.kind === 'mapping' || !!statementCsv || (!!fileError && !!currentFile && layoutChoice !== 'auto');

  return {
    mappings,
    encoding,
    /** The statement read, for the preview and booking. */
    preview: stage.kind === 'preview' ? { statement: stage.statement, fileName: stage.file.fileName } : null,
    /** The columns of a CSV whose layout the admin is mapping. */
    mappingLayout: stage.kind === 'mapping' ? stage.layout : null,
    fileError,
    savingMapping,
    reading,
    csvLayout,
    offersCsvLayout,
    choose,
    saveMapping,
    changeDelimiter,
    changeEncoding,
    changeCsvLayout,
    closeMapping: () => setStage({ kind: 'idle' }),
  };
}
