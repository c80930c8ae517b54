/// <reference lib="webworker" />
/**
 * Parses a statement file off the admin page's main thread: a 20 MB XML takes seconds to read, and
 * the page must stay responsive and show progress meanwhile (readStatement.ts starts this worker and
 * ends it when its time budget runs out).
 */
import { readStatementFile } from '@domain/bank/statement';
import { StatementError } from '@domain/bank/types';
import type { WorkerReply, WorkerRequest } from './readStatement';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const { bytes, options } = event.data;
  const reply = (message: WorkerReply) => self.postMessage(message);
  let last = -1;
  try {
    const result = readStatementFile(bytes, {
      ...options,
      onProgress: (fraction) => {
        // Whole percents only: a message per chunk is enough, and no more.
        const percent = Math.floor(fraction * 100);
        if (percent !== last) reply({ kind: 'progress', fraction: (last = percent) / 100 });
      },
    });
    reply({ kind: 'done', result });
  } catch (error) {
    reply(
      error instanceof StatementError
        ? { kind: 'error', code: error.code, message: error.message }
        : { kind: 'error', code: null, message: null },
    );
  }
};
