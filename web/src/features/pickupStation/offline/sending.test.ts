import { describe, expect, it } from 'vitest';
import { FunctionsError } from 'firebase/functions';
import { PASSING_REFUSALS, REFUSALS, type RefusalReason } from '@domain/errors';
import { OFFLINE_BATCH } from '@domain/pickupSync';
import { queuedHandOut } from '../../../test/handOuts';
import { nextBatch, PASSING, sendFailure, settle, SYNC_BATCH } from './sending';

const queued = queuedHandOut;

describe('offline queue', () => {
  it('sends the oldest recorded first, in batches', () => {
    const queue = [queued(3), queued(1), queued(2)];
    expect(nextBatch(queue, 2).map((h) => h.seq)).toEqual([1, 2]);
    expect(nextBatch(queue, 50).map((h) => h.seq)).toEqual([1, 2, 3]);
  });

  it('answered hand-outs leave the queue; conflicts are kept with their reason; unanswered stay', () => {
    const batch = [queued(1), queued(2), queued(3)];
    const { sent, conflicts } = settle(batch, [
      { id: batch[0].id, outcome: 'applied', replayed: false },
      { id: batch[1].id, outcome: 'conflict', reason: 'already-picked', replayed: true },
      { id: 'ffffffff-0000-4000-8000-000000000000', outcome: 'applied', replayed: false },
    ]);
    expect(sent).toEqual([batch[0].id, batch[1].id]);
    expect(conflicts).toEqual([{ ...batch[1], reason: 'already-picked' }]);
  });
});

/**
 * A refusal of the sync callable as the web SDK throws it: the functions' `refuse()` answers the
 * reason's code with `{ reason, message, field? }` as details, and the SDK appends the HTTP status to
 * the message.
 */
const refused = (reason: RefusalReason, extra: { message?: string; field?: string } = {}) => {
  const { code, message } = REFUSALS[reason];
  const text = extra.message ?? message;
  return new FunctionsError(code, `${text} [400]`, { reason, message: text, ...extra });
};

describe('a failed send', () => {
  const batch = [queued(1), queued(2), queued(3)];

  it('without an answer from the server (no network, a timeout, a busy person) is sent again later', () => {
    // A fetch that failed: the SDK cannot tell it from a crashed function and says `internal`.
    expect(sendFailure(new FunctionsError('internal', 'internal'), batch)).toEqual({ kind: 'retry' });
    expect(sendFailure(new FunctionsError('unavailable', 'unavailable'), batch)).toEqual({ kind: 'retry' });
    expect(sendFailure(new FunctionsError('deadline-exceeded', 'deadline-exceeded'), batch)).toEqual({
      kind: 'retry',
    });
    expect(sendFailure(refused('busy'), batch)).toEqual({ kind: 'retry' });
    // The SDK's code could not even load (offline, not precached yet).
    expect(sendFailure(new TypeError('Failed to fetch dynamically imported module'), batch)).toEqual({
      kind: 'retry',
    });
  });

  it('refused for who sends it (the staff role removed, signed out) stops the whole queue, with the reason', () => {
    expect(sendFailure(refused('forbidden'), batch)).toEqual({
      kind: 'refused',
      message: 'Nie masz uprawnień do tej operacji',
    });
    expect(sendFailure(refused('unauthenticated'), batch)).toMatchObject({ kind: 'refused' });
    expect(
      sendFailure(
        refused('invalid-input', { message: 'Nieprawidłowy identyfikator wydania', field: 'deviceId' }),
        batch,
      ),
    ).toEqual({
      kind: 'refused',
      message: 'Nieprawidłowy identyfikator wydania',
    });
  });

  it('refused for one hand-out the server names sets that one aside', () => {
    const invalid = refused('invalid-input', { message: 'Nieprawidłowa liczba sztuk', field: 'handOuts.1.quantity' });
    expect(sendFailure(invalid, batch)).toEqual({
      kind: 'refused-hand-out',
      id: batch[1].id,
      message: 'Nieprawidłowa liczba sztuk',
    });
  });

  it('refused without naming the hand-out (a malformed stored record) is found by sending each alone', () => {
    const malformed = refused('stored-data-invalid', {
      message:
        'Zapisane dane (pozycja do odbioru) są nieprawidłowe: status — Niedozwolona wartość. Operacja nie została wykonana.',
      field: 'status',
    });
    expect(sendFailure(malformed, batch)).toEqual({ kind: 'split' });
    expect(sendFailure(malformed, [batch[2]])).toEqual({
      kind: 'refused-hand-out',
      id: batch[2].id,
      message:
        'Zapisane dane (pozycja do odbioru) są nieprawidłowe: status — Niedozwolona wartość. Operacja nie została wykonana.',
    });
    // A repeated id in the batch names the list, not one hand-out.
    expect(sendFailure(refused('invalid-input', { field: 'handOuts' }), batch)).toEqual({ kind: 'split' });
  });
});

describe('the domain values the sync repeats (sending.ts imports no domain module)', () => {
  it('sends as many hand-outs per call as the callable takes', () => {
    expect(SYNC_BATCH).toBe(OFFLINE_BATCH);
  });

  it('retries the refusals the domain says pass', () => {
    expect([...PASSING].sort()).toEqual([...PASSING_REFUSALS].sort());
  });
});
