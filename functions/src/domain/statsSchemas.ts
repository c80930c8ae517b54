/**
 * The statistics counters the callables keep (`/stats/public`, `/stats/admin`, `/stats/refunds`: docs/data-model.md).
 * A module of their own: only the statistics pages and the admin's discount list read them, so the
 * dashboard's bundle does not carry them (docs/benchmarks.md, "Bundle size").
 */
import { z } from 'zod/mini';
import { countryCodeSchema, discountCodeSchema, isoDateSchema, keySchema } from './schemas.js';

const counter = z.int().check(z.gte(0));
const optionalInt = () => z.optional(z.int());
/** `/stats/admin/discounts/{code}`. */
export const discountStatsSchema = z.strictObject({
  orders: optionalInt(),
  units: optionalInt(),
  discountGross: optionalInt(),
});
export const publicStatsSchema = z.strictObject({ accounts: z.optional(counter), ticketsPaid: z.optional(counter) });
export const adminStatsSchema = z.strictObject({
  revenue: z.optional(z.strictObject({ pendingGross: optionalInt(), paidGross: optionalInt() })),
  orders: z.optional(z.strictObject({ pending: optionalInt(), paid: optionalInt(), cancelled: optionalInt() })),
  perDay: z.optional(
    z.record(
      isoDateSchema,
      z.strictObject({
        placed: optionalInt(),
        placedGross: optionalInt(),
        paid: optionalInt(),
        paidGross: optionalInt(),
      }),
    ),
  ),
  ticketTypes: z.optional(z.record(keySchema, z.strictObject({ paid: optionalInt() }))),
  variants: z.optional(z.record(keySchema, z.record(keySchema, z.strictObject({ paid: optionalInt() })))),
  pickups: z.optional(z.strictObject({ total: optionalInt(), picked: optionalInt() })),
  byCountry: z.optional(z.record(countryCodeSchema, z.int())),
  /** Per discount code: orders and units placed with it and the gross it took off (cancellations subtract). */
  discounts: z.optional(z.record(discountCodeSchema, discountStatsSchema)),
});

const quantityGross = z.strictObject({ quantity: optionalInt(), gross: optionalInt() });
/** `/stats/refunds` (docs/refunds.md): money returned by correction invoices, per day, per item and per VAT rate. */
export const refundStatsSchema = z.strictObject({
  gross: optionalInt(),
  count: optionalInt(),
  perDay: z.optional(z.record(isoDateSchema, z.strictObject({ count: optionalInt(), gross: optionalInt() }))),
  ticketTypes: z.optional(z.record(keySchema, quantityGross)),
  variants: z.optional(z.record(keySchema, z.record(keySchema, quantityGross))),
  /** `r23`, `r8` …: what the corrections took off each rate, as positive amounts. */
  perRate: z.optional(z.record(keySchema, z.strictObject({ gross: optionalInt(), net: optionalInt() }))),
});
