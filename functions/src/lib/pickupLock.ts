import { randomUUID } from 'node:crypto';
import { pickupLockSchema } from '../domain/index.js';
import { refuse } from './refusal.js';
import { KEEP, transactStored } from './tx.js';

/** A hand-out lock older than the callable's 60 s time limit belongs to a process that is gone. */
const PICKUP_LOCK_TTL_MS = 60_000;
// Hand-outs take milliseconds, so a second table waits for the first one instead of being refused.
const LOCK_ATTEMPTS = 20;

/** Takes the per-person hand-out lock (/pickupLocks/{uid}); used by handOutPickupItems and syncOfflineHandOuts; refunds and the cancellation of an order a discount code paid take it through withPickupLock. */
export async function takePickupLock(uid: string, by: string): Promise<string> {
  const token = randomUUID();
  for (let attempt = 1; ; attempt++) {
    const now = Date.now();
    const { written } = await transactStored(`pickupLocks/${uid}`, pickupLockSchema, 'blokada wydawania', (cur) =>
      !cur || now - cur.at >= PICKUP_LOCK_TTL_MS ? { token, by, at: now } : KEEP,
    );
    if (written) return token;
    if (attempt >= LOCK_ATTEMPTS)
      throw refuse('busy', { message: 'Ktoś właśnie wydaje rzeczy tej osobie — spróbuj ponownie za chwilę' });
    await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50 * Math.min(attempt, 5)));
  }
}

export async function releasePickupLock(uid: string, token: string): Promise<void> {
  await transactStored(`pickupLocks/${uid}`, pickupLockSchema, 'blokada wydawania', (cur) =>
    !cur || cur.token === token ? null : KEEP,
  );
}

/** Runs `work` under the person's hand-out lock (refunds, which change their pickup items); releases it after. */
export async function withPickupLock<T>(uid: string, by: string, work: () => Promise<T>): Promise<T> {
  const token = await takePickupLock(uid, by);
  try {
    return await work();
  } finally {
    await releasePickupLock(uid, token).catch(() => undefined);
  }
}
