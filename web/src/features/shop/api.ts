import type { CallableInput, CallableOutput } from '@domain/callables';
import { LIMITS, type Product, type Profile, type Variant } from '@domain/schemas';
import { realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';
import { formatCount, NOUNS } from '../../shared/format/pl';
import { callFunction, loadDatabase } from '../../shared/firebase';

export interface VariantEntry extends Variant {
  id: string;
  /** stock − sold, never below 0. */
  available: number;
}

export interface ProductEntry extends Omit<Product, 'variants'> {
  id: string;
  variants: VariantEntry[];
  /** Sum over the variants. */
  available: number;
}

const collator = new Intl.Collator('pl');

export function toProducts(raw: unknown): ProductEntry[] {
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.entries(raw as Record<string, Product>)
    .filter(([, p]) => p.active === true)
    .map(([id, p]) => {
      const variants = Object.entries(p.variants ?? {})
        .map(([vid, v]) => ({ ...v, id: vid, available: Math.max(0, (v.stock ?? 0) - (v.sold ?? 0)) }))
        .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || collator.compare(a.label, b.label));
      return { ...p, id, variants, available: variants.reduce((s, v) => s + v.available, 0) };
    })
    .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || collator.compare(a.name, b.name));
}

export interface MerchLine {
  id: string;
  productId: string;
  variantId: string;
  quantity: number;
  memberId?: string;
}

function toLines(raw: unknown): MerchLine[] {
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.entries(raw as Record<string, Omit<MerchLine, 'id'>>)
    .map(([id, l]) => ({ ...l, id }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

export interface ShopProfile {
  firstName: string;
  lastName: string;
  invoice?: Profile['invoice'];
}

function toProfile(raw: unknown): ShopProfile | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const p = raw as Profile;
  return { firstName: p.firstName, lastName: p.lastName, invoice: p.invoice };
}

export const shopApi = realtimeApi.injectEndpoints({
  endpoints: (build) => ({
    /** `/products`, live: availability changes as others buy. Archived products are not here, inactive ones are hidden. */
    getShopProducts: build.query<ProductEntry[], void>(realtimeEndpoint(() => 'products', toProducts)),
    getMerchBasket: build.query<MerchLine[], string>(realtimeEndpoint((uid) => `baskets/${uid}/merch`, toLines)),
    /** Name and saved invoice data, to prefill the buyer form. */
    getBuyerProfile: build.query<ShopProfile | null, string>(realtimeEndpoint((uid) => `profiles/${uid}`, toProfile)),
  }),
});

export const { useGetShopProductsQuery, useGetMerchBasketQuery, useGetBuyerProfileQuery } = shopApi;

/**
 * The basket is written by the client (database.rules.json): one update() that always carries
 * `updatedAt: serverTimestamp()`, which the rules require.
 */
async function updateBasket(uid: string, changes: Record<string, unknown>): Promise<void> {
  const { db, sdk } = await loadDatabase();
  await sdk.update(sdk.ref(db, `baskets/${uid}`), { ...changes, updatedAt: sdk.serverTimestamp() });
}

export class BasketFullError extends Error {
  constructor() {
    super(`Koszyk może mieć najwyżej ${formatCount(LIMITS.maxBasketLines, NOUNS.item)}`);
  }
}

/** Adds to the basket; the same product, variant and participant again raises the quantity of that line (at most 20). */
export async function addToBasket(uid: string, current: readonly MerchLine[], line: Omit<MerchLine, 'id'>): Promise<void> {
  const same = current.find((l) => l.productId === line.productId && l.variantId === line.variantId && (l.memberId ?? null) === (line.memberId ?? null));
  if (same) {
    await updateBasket(uid, { [`merch/${same.id}/quantity`]: Math.min(LIMITS.maxQuantity, same.quantity + line.quantity) });
    return;
  }
  if (current.length >= LIMITS.maxBasketLines) throw new BasketFullError();
  const { db, sdk } = await loadDatabase();
  const lineId = sdk.push(sdk.ref(db, `baskets/${uid}/merch`)).key!;
  await updateBasket(uid, { [`merch/${lineId}`]: line.memberId ? line : { productId: line.productId, variantId: line.variantId, quantity: line.quantity } });
}

export function setLineQuantity(uid: string, lineId: string, quantity: number): Promise<void> {
  return updateBasket(uid, { [`merch/${lineId}/quantity`]: quantity });
}

export function removeLine(uid: string, lineId: string): Promise<void> {
  return updateBasket(uid, { [`merch/${lineId}`]: null });
}

export function placeMerchOrder(input: CallableInput<'placeMerchOrder'>): Promise<CallableOutput<'placeMerchOrder'>> {
  return callFunction<CallableInput<'placeMerchOrder'>, CallableOutput<'placeMerchOrder'>>('placeMerchOrder', input);
}
