import { describe, expect, it } from 'vitest';
import { RUN_BUDGET_MS, RUN_TIMEOUT_SECONDS, timeBudget } from './timeBudget.js';

describe('timeBudget', () => {
  it('is spent once its time has passed, not before', () => {
    let now = 1_000;
    const budget = timeBudget(500, () => now);
    expect(budget.spent()).toBe(false);
    now = 1_499;
    expect(budget.spent()).toBe(false);
    now = 1_500;
    expect(budget.spent()).toBe(true);
  });

  it('leaves a run a minute of its timeout for the record in hand', () => {
    expect(RUN_TIMEOUT_SECONDS * 1000 - RUN_BUDGET_MS).toBe(60_000);
  });
});
