/**
 * Reads a statement file in a Web Worker (statementWorker.ts) with a time budget, reporting progress;
 * where workers do not exist (unit tests in jsdom) it reads in place. The parser's own limits
 * (functions/src/domain/bank/xmlTree.ts) refuse hostile files; the budget is the last line against a
 * file that is merely slow.
 */
import { readStatementFile, type ReadStatementOptions, type ReadStatementResult } from '@domain/bank/statement';
import { StatementError, type StatementErrorCode } from '@domain/bank/types';

/** Far above what a real 20 MB statement takes on a slow laptop (a few seconds). */
const READ_BUDGET_MS = 60_000;

export type WorkerRequest = { bytes: Uint8Array; options: Omit<ReadStatementOptions, 'onProgress'> };
export type WorkerReply =
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; result: ReadStatementResult }
  | { kind: 'error'; code: StatementErrorCode | null; message: string | null };

export interface StatementReading {
  result: Promise<ReadStatementResult>;
  /** Stops reading (a new file was chosen); the promise then never settles. */
  cancel(): void;
}

export function readStatementOffThread(
  bytes: Uint8Array,
  options: WorkerRequest['options'],
  onProgress: (fraction: number) => void,
): StatementReading {
  if (typeof Worker === 'undefined') {
    return { result: Promise.resolve().then(() => readStatementFile(bytes, options)), cancel: () => undefined };
  }
  const worker = new Worker(new URL('./statementWorker.ts', import.meta.url), { type: 'module', name: 'wyciag' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    worker.terminate();
  };
  const result = new Promise<ReadStatementResult>((resolve, reject) => {
    timer = setTimeout(() => {
      stop();
      reject(
        new StatementError(
          'too-large',
          `Odczyt pliku trwał ponad ${READ_BUDGET_MS / 1000} s i został przerwany — plik jest za duży lub zbyt złożony. Wyeksportuj z banku krótszy okres.`,
        ),
      );
    }, READ_BUDGET_MS);
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.kind === 'progress') return onProgress(reply.fraction);
      stop();
      if (reply.kind === 'done') resolve(reply.result);
      else
        reject(
          reply.code === null || reply.message === null
            ? new Error('statement worker failed')
            : new StatementError(reply.code, reply.message),
        );
    };
    worker.onerror = (event) => {
      stop();
      reject(new Error(event.message || 'statement worker failed'));
    };
  });
  worker.postMessage({ bytes, options } satisfies WorkerRequest);
  return { result, cancel: stop };
}
