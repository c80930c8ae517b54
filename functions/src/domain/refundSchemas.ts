/**
 * The stored refund shapes (docs/data-model.md: `/refunds/{orderId}`, `/corrections/{uid}/{KOR-…}`)
 * as zod schemas, for reading them back: the callables (functions/src/lib/stored.ts) and the web
 * app's endpoints parse with these instead of casting. Each schema is typed as the interface
 * refunds.ts declares, so the two cannot drift apart.
 */
import { z } from 'zod';
import type { CorrectionInvoice, OrderRefunds } from './refunds.js';
import {
  invoiceDataSchema,
  isoDateSchema,
  keySchema,
  sellerSchema,
  timestampSchema,
  uidSchema,
  vatRateSchema,
} from './schemas.js';

const amounts = { net: z.int(), vat: z.int(), gross: z.int() };
const rateKeySchema = z.string().regex(/^r\d+$/);

export const correctionInvoiceSchema: z.ZodType<CorrectionInvoice> = z.strictObject({
  kind: z.literal('correction'),
  number: z.string().regex(/^KOR\/\d{4}\/\d{6,}$/),
  uid: uidSchema,
  orderId: keySchema,
  orderNumber: z.string(),
  corrected: z.strictObject({ invoiceId: keySchema, number: z.string(), issueDate: isoDateSchema }),
  issueDate: isoDateSchema,
  issuePlace: z.string(),
  issuedAt: timestampSchema,
  issuedBy: uidSchema,
  seller: sellerSchema,
  buyer: invoiceDataSchema,
  reason: z.string(),
  lines: z.record(
    keySchema,
    z.strictObject({
      name: z.string(),
      unit: z.literal('szt.'),
      quantityBefore: z.int().min(0),
      quantityAfter: z.int().min(0),
      quantity: z.int(),
      unitGross: z.int(),
      vatRate: vatRateSchema,
      ...amounts,
    }),
  ),
  perRate: z.record(
    rateKeySchema,
    z.strictObject({ vatRate: vatRateSchema, ...amounts, grossBefore: z.int(), grossAfter: z.int() }),
  ),
  totals: z.strictObject(amounts),
  refundAmount: z.int(),
  fee: z.int().min(0),
  amountInWords: z.string(),
  refundAccount: z.string(),
  paymentMethod: z.literal('przelew'),
  refundThrough: z.literal('przelewy24').optional(),
  vatMethod: z.string(),
});

const refundRequestSchema = z.strictObject({
  uid: uidSchema,
  lines: z.record(keySchema, z.int().min(1)),
  bankAccount: z.string(),
  note: z.string().optional(),
  status: z.enum(['open', 'withdrawn', 'approved', 'rejected']),
  createdAt: timestampSchema,
  decidedAt: z.optional(timestampSchema),
  decidedBy: z.optional(uidSchema),
  decisionReason: z.string().optional(),
  correctionId: z.optional(keySchema),
});

export const refundTransferSchema = z.strictObject({
  number: z.string(),
  amount: z.int(),
  fee: z.int().min(0),
  bankAccount: z.string(),
  status: z.enum(['due', 'transferred']),
  createdAt: timestampSchema,
  createdBy: uidSchema,
  requestId: z.optional(keySchema),
  goodsNotReturned: z.boolean().optional(),
  transferredOn: z.optional(isoDateSchema),
  transferredAt: z.optional(timestampSchema),
  transferredBy: z.optional(uidSchema),
});

export const orderRefundsSchema: z.ZodType<OrderRefunds> = z.strictObject({
  uid: uidSchema,
  orderNumber: z.string(),
  invoiceId: keySchema,
  invoiceNumber: z.string(),
  requests: z.record(keySchema, refundRequestSchema).optional(),
  open: z.record(keySchema, keySchema).optional(),
  refunded: z.record(keySchema, z.strictObject({ quantity: z.int().min(0), gross: z.int() })).optional(),
  rateGross: z.record(rateKeySchema, z.int()).optional(),
  corrections: z.record(keySchema, refundTransferSchema).optional(),
  returns: z.record(keySchema, z.strictObject({ at: timestampSchema, by: uidSchema, byName: z.string() })).optional(),
  lock: z.strictObject({ token: z.string(), by: uidSchema, at: timestampSchema, year: z.int() }).optional(),
});
