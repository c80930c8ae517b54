import { describe, expect, it } from 'vitest';
import { refusalOf } from './formErrors';
import { StationDeviceError } from '../../features/pickupStation/offline/deviceError';

/** The shape of the web SDK's FunctionsError for a refusal (code + details from the callable). */
const functionsError = (message: string, reason = 'already-picked') =>
  Object.assign(new Error(`${message} (HTTP 409)`), {
    code: 'functions/failed-precondition',
    details: { reason, message, field: 'itemIds' },
  });

describe('refusalOf', () => {
  it('reads code, reason, field and the clean Polish message', () => {
    expect(refusalOf(functionsError('Nie wydano'))).toEqual({
      code: 'failed-precondition',
      reason: 'already-picked',
      message: 'Nie wydano',
      field: 'itemIds',
      item: undefined,
    });
  });
  it('nests quotes when a quoted name has quotes of its own', () => {
    const refusal = refusalOf(functionsError('„Koszulka „Bałtyk” (M)” wydano już 24.11.2026, 12:05'));
    expect(refusal.message).toBe('„Koszulka ‚Bałtyk’ (M)” wydano już 24.11.2026, 12:05');
  });
  it('shows an error the browser raised for the user as it is, and any other as the generic text', () => {
    const blocked = 'Stanowisko jest otwarte w innej karcie. Zamknij ją, aby kontynuować.';
    expect(refusalOf(new StationDeviceError(blocked))).toEqual({
      code: 'StationDeviceError',
      reason: 'StationDeviceError',
      message: blocked,
    });
    expect(refusalOf(new Error('QuotaExceededError: disk full')).message).toBe(
      'Nie udało się wykonać operacji. Spróbuj ponownie za chwilę.',
    );
  });
});
