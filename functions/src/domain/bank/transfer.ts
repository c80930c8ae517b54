/**
 * What an order paid by a bank transfer records about it (`/orders/{id}/bankTransfer`). Only the
 * link and the amounts: the payer's name, account and title stay in `/bank/transactions/{txKey}`,
 * which only admins read, because the order itself is readable by its owner, who is not always the
 * payer. Kept free of imports from ../schemas.ts so that schemas.ts can use it; `zod/mini`, as schemas.ts.
 */
import { z } from 'zod/mini';

/** `t` + 32 hex digits of SHA-256 (see keys.ts): safe as a database key, never an object internal. */
const TX_KEY_PATTERN = /^t[0-9a-f]{32}$/;
export const txKeySchema = z
  .string({ error: 'Brak identyfikatora operacji' })
  .check(z.regex(TX_KEY_PATTERN, 'Nieprawidłowy identyfikator operacji'));

export const bankTransferSchema = z.strictObject({
  txKey: txKeySchema,
  bookingDate: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  /** The whole transfer (it may have paid several orders, or more than this order's total). */
  amountGrosze: z.int(),
  /** True when an admin assigned the transfer to this order by hand. */
  manual: z.optional(z.boolean()),
});
export type BankTransfer = z.output<typeof bankTransferSchema>;
