import { describe, expect, it } from 'vitest';
import { refusalOf } from './formErrors';

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
});
