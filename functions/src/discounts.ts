import { randomInt } from 'node:crypto';
import { onCall } from 'firebase-functions/v2/https';
import {
  batchCode,
  checkDiscountCodeInput,
  createDiscountCodeBatchInput,
  discountCodeRecordSchema,
  discountFitRefusal,
  discountUsesLeft,
  discountValidityRefusal,
  upsertDiscountCodeInput,
  type CreateDiscountCodeBatchOutput,
  type DiscountPreview,
  type UpsertDiscountCodeOutput,
} from './domain/index.js';
import { db } from './lib/admin.js';
import { requireAdmin, requireCaller } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';
import { transactStored } from './lib/tx.js';
import { countCodeCheck, discountCodePath, readDiscount, refusalOfDiscount } from './orders/discounts.js';

/**
 * The checkout's check of a typed code (docs/discounts.md): a code that exists, is valid now and has
 * uses left for this account answers with its terms, which the checkout applies to the basket with
 * the domain's `applyDiscount` to show the new price of every line. The order placement checks again.
 * An account may check `DISCOUNT_CHECKS_PER_MINUTE` codes a minute, so codes cannot be guessed by trying.
 */
export const checkDiscountCode = onCall(async (request): Promise<DiscountPreview> => {
  const input = parseInput(checkDiscountCodeInput, request.data);
  const { uid } = requireCaller(request);
  // Counted before the code is read: a refused check answers nothing about any code.
  const now = Date.now();
  await countCodeCheck(uid, now);
  const read = await readDiscount(input.code);
  const invalid = discountValidityRefusal(input.code, read.record, now);
  if (invalid) throw refusalOfDiscount(invalid);
  const terms = read.record!;
  // One unit is enough to tell "used up" here; whether all the basket's units fit is the checkout's sum (and placement's).
  const used = discountFitRefusal(input.code, terms, read.uses, uid, 1);
  if (used) throw refusalOfDiscount(used);
  return {
    code: input.code,
    kind: terms.kind,
    value: terms.value,
    ...(terms.ticketTypeIds ? { ticketTypeIds: terms.ticketTypeIds } : {}),
    ...(terms.productIds ? { productIds: terms.productIds } : {}),
    usesLeft: discountUsesLeft(terms, read.uses, uid),
  };
});

/** Creates a code (`create: true`, refused when it exists) or changes an existing one's terms; its uses stay in `/discountUses`. */
export const upsertDiscountCode = onCall(async (request): Promise<UpsertDiscountCodeOutput> => {
  const input = parseInput(upsertDiscountCodeInput, request.data);
  const admin = requireAdmin(request);
  const now = Date.now();
  await transactStored(discountCodePath(input.code), discountCodeRecordSchema, `kod rabatowy ${input.code}`, (cur) => {
    if (input.create && cur)
      throw refuse('discount-exists', { field: 'code', message: `Kod ${input.code} już istnieje — wybierz inny.` });
    if (!input.create && !cur)
      throw refuse('discount-missing', { field: 'code', message: `Nie ma kodu ${input.code}.` });
    const kept = cur
      ? {
          createdAt: cur.createdAt,
          createdBy: cur.createdBy,
          ...(cur.batch ? { batch: cur.batch } : {}),
          updatedAt: now,
        }
      : { createdAt: now, createdBy: admin.uid };
    return { ...stripUndefined(input.terms), ...kept };
  });
  return { code: input.code, created: input.create };
});

/** A batch of single-use codes for the crew (`{prefix}-XXXXXXXX`), written in one update; the admin exports it as CSV. */
export const createDiscountCodeBatch = onCall(async (request): Promise<CreateDiscountCodeBatchOutput> => {
  const input = parseInput(createDiscountCodeBatchInput, request.data);
  const admin = requireAdmin(request);
  const now = Date.now();
  const batch = `${input.prefix}-${now.toString(36)}`.replace(/[^A-Za-z0-9-]/g, '');
  const existing = new Set(
    Object.keys(
      ((
        await db.ref('discountCodes').orderByKey().startAt(`${input.prefix}-`).endAt(`${input.prefix}-\uf8ff`).get()
      ).val() ?? {}) as object,
    ),
  );
  const codes = new Set<string>();
  while (codes.size < input.count) {
    const code = batchCode(input.prefix, () => randomInt(0, 1 << 30) / (1 << 30));
    if (!existing.has(code)) codes.add(code);
  }
  const record = {
    ...stripUndefined(input.terms),
    maxUses: input.terms.maxUses ?? 1,
    batch,
    createdAt: now,
    createdBy: admin.uid,
  };
  await db.ref().update(Object.fromEntries([...codes].map((code) => [discountCodePath(code), record])));
  return { batch, codes: [...codes] };
});

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
