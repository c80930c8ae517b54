import { useMemo } from 'react';
import { productSchema, type Product, type Variant } from '@domain/schemas';
import { injectRealtimeEndpoints, parseRecords, realtimeEndpoint } from '../../shared/api/realtime';

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

/** Every product in `/products`, inactive ones too (the admin panel lists them), sorted, with availability. */
export function toProductEntries(raw: unknown): ProductEntry[] {
  return parseRecords(productSchema, raw, 'products')
    .map(([id, p]: [string, Product]) => {
      const variants = Object.entries(p.variants)
        .map(([vid, v]) => ({ ...v, id: vid, available: Math.max(0, (v.stock ?? 0) - (v.sold ?? 0)) }))
        .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || collator.compare(a.label, b.label));
      return { ...p, id, variants, available: variants.reduce((s, v) => s + v.available, 0) };
    })
    .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || collator.compare(a.name, b.name));
}

/** What the shop offers: the active products. */
const activeProducts = (products: readonly ProductEntry[]): ProductEntry[] => products.filter((p) => p.active === true);

/** `/products` as the shop shows it: inactive products hidden. */
export const toProducts = (raw: unknown): ProductEntry[] => activeProducts(toProductEntries(raw));

const productsApi = injectRealtimeEndpoints((build) => ({
  /** `/products`, live: availability changes as others buy. Archived products are not here; inactive ones are (see `useGetShopProductsQuery`). */
  getProducts: build.query<ProductEntry[], void>(realtimeEndpoint(() => 'products', toProductEntries)),
}));

export const { useGetProductsQuery } = productsApi;

/** The products the shop offers (active ones), live. */
export function useGetShopProductsQuery() {
  const result = useGetProductsQuery();
  const data = useMemo(() => result.data && activeProducts(result.data), [result.data]);
  return { ...result, data };
}
