/**
 * Work that loops over many records (transfers, overdue orders, unsent e-mails) stops starting new
 * ones once its budget is spent, so the function returns before its time limit instead of being
 * killed in the middle of one; what is left is picked up by the next run.
 */

/** An onCall's answer must reach the browser before the web SDK gives up waiting (70 s). */
export const CALL_BUDGET_MS = 40_000;

/** Scheduled runs and the admin's runs may take longer: their functions are given this timeout. */
export const RUN_TIMEOUT_SECONDS = 540;
/** …and stop starting new work this long into it, leaving a minute for the record in hand. */
export const RUN_BUDGET_MS = (RUN_TIMEOUT_SECONDS - 60) * 1000;

/** `spent()` once `ms` have passed since the budget was made. */
export function timeBudget(ms: number, clock: () => number = Date.now): { spent: () => boolean } {
  const until = clock() + ms;
  return { spent: () => clock() >= until };
}
