import type { z } from 'zod';
import type { CallableInput, CallableOutput } from '@domain/callables';
import { merchBasketLineSchema, LIMITS } from '@domain/schemas';
import { injectRealtimeEndpoints, parseEntries, realtimeEndpoint } from '../../shared/api/realtime';
import { formatCount, NOUNS } from '../../shared/format/pl';
import { callFunction, loadDatabase } from '../../shared/firebase';

export type MerchLine = z.output<typeof merchBasketLineSchema> & { id: string };

function toLines(raw: unknown, uid: string): MerchLine[] {
  return parseEntries(merchBasketLineSchema, raw, `baskets/${uid}/merch`).sort((a, b) => a.id.localeCompare(b.id));
}

const shopApi = injectRealtimeEndpoints((build) => ({
  getMerchBasket: build.query<MerchLine[], string>(realtimeEndpoint((uid) => `baskets/${uid}/merch`, toLines)),
}));

export const { useGetMerchBasketQuery } = shopApi;

/** Name and saved invoice data, to prefill the buyer form: the one `/profiles/{uid}` endpoint (features/settings). */

/**
 * The basket is written by the client (database.rules.json): one update() that always carries
 * `updatedAt: serverTimestamp()`, which the rules require.
 */
async function updateBasket(uid: string, changes: Record<string, unknown>): Promise<void> {
  const { db, sdk } = await loadDatabase();
  await sdk.update(sdk.ref(db, `baskets/${uid}`), { ...changes, updatedAt: sdk.serverTimestamp() });
}

class BasketFullError extends Error {
  constructor() {
    super(`Koszyk może mieć najwyżej ${formatCount(LIMITS.maxBasketLines, NOUNS.item)}`);
  }
}

/** Adds to the basket; the same product, variant and participant again raises the quantity of that line (at most 20). */
export async function addToBasket(
  uid: string,
  current: readonly MerchLine[],
  line: Omit<MerchLine, 'id'>,
): Promise<void> {
  const same = current.find(
    (l) =>
      l.productId === line.productId &&
      l.variantId === line.variantId &&
      (l.memberId ?? null) === (line.memberId ?? null),
  );
  if (same) {
    await updateBasket(uid, {
      [`merch/${same.id}/quantity`]: Math.min(LIMITS.maxQuantity, same.quantity + line.quantity),
    });
    return;
  }
  if (current.length >= LIMITS.maxBasketLines) throw new BasketFullError();
  const { db, sdk } = await loadDatabase();
  const lineId = sdk.push(sdk.ref(db, `baskets/${uid}/merch`)).key!;
  await updateBasket(uid, {
    [`merch/${lineId}`]: line.memberId
      ? line
      : { productId: line.productId, variantId: line.variantId, quantity: line.quantity },
  });
}

export function setLineQuantity(uid: string, lineId: string, quantity: number): Promise<void> {
  return updateBasket(uid, { [`merch/${lineId}/quantity`]: quantity });
}

export function removeLine(uid: string, lineId: string): Promise<void> {
  return updateBasket(uid, { [`merch/${lineId}`]: null });
}

export function placeMerchOrder(input: CallableInput<'placeMerchOrder'>): Promise<CallableOutput<'placeMerchOrder'>> {
  return callFunction('placeMerchOrder', input);
}
