/**
 * Refunds of paid orders with correction invoices (docs/refunds.md). Everything about one order's
 * refunds lives in `/refunds/{orderId}`, so one transaction on that node decides requests and
 * approvals; the correction itself is written in one atomic update together with everything it
 * changes (returned quota/stock, holdings, ticket claim, pickup items, stats, counter reservation).
 */
import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions/v2';
import { onCall } from 'firebase-functions/v2/https';
import { ServerValue } from 'firebase-admin/database';
import { z } from 'zod';
import {
  acceptPickupReturnInput,
  approveRefundInput,
  invoiceSchema,
  orderSchema,
  pickupItemSchema,
  profileSchema,
  invoiceIdFromNumber,
  markRefundTransferredInput,
  rateKey,
  rejectRefundInput,
  refundRequestIdInput,
  requestRefundInput,
  startRefundInput,
  warsawDate,
  warsawYear,
  type AcceptPickupReturnOutput,
  type ApproveRefundOutput,
  type MarkRefundTransferredOutput,
  type Order,
  type PickupItem,
  type RefundDecisionOutput,
  type RequestRefundOutput,
} from './domain/index.js';
import {
  afterCorrection,
  computeCorrection,
  correctionInvoice,
  decideRefundApproval,
  formatCorrectionNumber,
  planRefund,
  REFUND_LOCK_TTL_MS,
  type CorrectionInvoice,
  type OrderRefunds,
  type RefundedLines,
  type RefundPlan,
  type RefundTransfer,
} from './domain/refunds.js';
import { orderRefundsSchema } from './domain/refundSchemas.js';
import { db } from './lib/admin.js';
import { commitWithMail, refundApprovedMail } from './mail/index.js';
import { ksefOutboxUpdates, ksefQueued } from './domain/ksef/outbox.js';
import { requireAdmin, requireCaller, requireStaff, type Caller } from './lib/caller.js';
import { Increments } from './lib/increments.js';
import { withPickupLock } from './lib/pickupLock.js';
import { parseInput, refuse, refusalFrom } from './lib/refusal.js';
import { readStored } from './lib/stored.js';
import { KEEP, transactStored } from './lib/tx.js';
import { reserveGaplessNumber } from './orders/numbering.js';
import { markCorrectionTransferred } from './orders/refundTransfers.js';
import { givenBackUnitsChanges } from './orders/reservations.js';
import { offerFreedUnits } from './orders/waitingOffers.js';
import { p24SecretOptions } from './payments/config.js';
import { onlineRefundOfCorrection, refundCorrectionOnline } from './payments/refunds.js';

/** Names the refund record in a refusal about malformed stored data. */
const REFUNDS_WHAT = 'zwroty zamówienia';

export type { CorrectionInvoice, OrderRefunds } from './domain/refunds.js';

type PaidOrder = Order & { invoiceId: string; invoiceNumber: string };

async function paidOrder(orderId: string, caller?: Caller): Promise<PaidOrder> {
  const order = await readStored(`orders/${orderId}`, orderSchema, `zamówienie ${orderId}`);
  if (!order || (caller && order.uid !== caller.uid)) throw refuse('order-missing');
  const { invoiceId, invoiceNumber } = order;
  if (order.status !== 'paid' || !invoiceId || !invoiceNumber)
    throw refuse('order-not-paid', {
      message: `Zamówienie ${order.number} nie jest opłacone — zwrot jest możliwy tylko po opłaceniu`,
    });
  return { ...order, invoiceId, invoiceNumber };
}

/** The order's refund record, created on first use with the order's identity. */
function fresh(refunds: OrderRefunds | null, order: PaidOrder): OrderRefunds {
  return (
    refunds ?? {
      uid: order.uid,
      orderNumber: order.number,
      invoiceId: order.invoiceId,
      invoiceNumber: order.invoiceNumber,
    }
  );
}

// ---------------------------------------------------------------- participant

export const requestRefund = onCall(async (request): Promise<RequestRefundOutput> => {
  const input = parseInput(requestRefundInput, request.data);
  const caller = requireCaller(request);
  const order = await paidOrder(input.orderId, caller);
  const requestId = db.ref('refunds').push().key!;
  const now = Date.now();
  let amount = 0;
  await transactStored(`refunds/${input.orderId}`, orderRefundsSchema, REFUNDS_WHAT, (cur) => {
    const refunds = fresh(cur, order);
    const result = planRefund(order, refunds.refunded, input.lines);
    if (!result.ok) throw refusalFrom(result.refusal);
    const taken = result.plan.lines.find((l) => refunds.open?.[l.lineId]);
    if (taken)
      throw refuse('refund-open', {
        field: `lines.${taken.lineId}`,
        message: `${taken.name} — prośba o zwrot tej pozycji już czeka na decyzję`,
      });
    amount = result.plan.refundable;
    const lines = Object.fromEntries(result.plan.lines.map((l) => [l.lineId, l.quantity]));
    return {
      ...refunds,
      requests: {
        ...refunds.requests,
        [requestId]: {
          uid: caller.uid,
          lines,
          bankAccount: input.bankAccount,
          ...(input.note ? { note: input.note } : {}),
          status: 'open',
          createdAt: now,
        },
      },
      open: { ...refunds.open, ...Object.fromEntries(result.plan.lines.map((l) => [l.lineId, requestId])) },
    };
  });
  return { orderId: input.orderId, requestId, amount };
});

/** Closes an open request (withdrawn by its owner or rejected by an admin) and frees its lines. */
async function closeRequest(
  orderId: string,
  requestId: string,
  status: 'withdrawn' | 'rejected',
  by: string,
  owner: string | null,
  reason?: string,
): Promise<RefundDecisionOutput> {
  const now = Date.now();
  await transactStored(`refunds/${orderId}`, orderRefundsSchema, REFUNDS_WHAT, (cur) => {
    const req = cur?.requests?.[requestId];
    if (!cur || !req || (owner !== null && req.uid !== owner)) throw refuse('refund-request-missing');
    if (req.status !== 'open')
      throw refuse('refund-decided', {
        message: `O tej prośbie o zwrot już zdecydowano (${req.status === 'withdrawn' ? 'wycofana' : req.status === 'approved' ? 'zatwierdzona' : 'odrzucona'})`,
      });
    if (cur.lock && now - cur.lock.at < REFUND_LOCK_TTL_MS)
      throw refuse('busy', { message: 'Zwrot tego zamówienia jest właśnie zatwierdzany' });
    const open = Object.fromEntries(Object.entries(cur.open ?? {}).filter(([, id]) => id !== requestId));
    return {
      ...cur,
      open,
      requests: {
        ...cur.requests,
        [requestId]: { ...req, status, decidedAt: now, decidedBy: by, ...(reason ? { decisionReason: reason } : {}) },
      },
    };
  });
  return { orderId, requestId, status };
}

export const withdrawRefundRequest = onCall(async (request): Promise<RefundDecisionOutput> => {
  const input = parseInput(refundRequestIdInput, request.data);
  const caller = requireCaller(request);
  return closeRequest(input.orderId, input.requestId, 'withdrawn', caller.uid, caller.uid);
});

// ---------------------------------------------------------------- admin

export const rejectRefund = onCall(async (request): Promise<RefundDecisionOutput> => {
  const input = parseInput(rejectRefundInput, request.data);
  const caller = requireAdmin(request);
  return closeRequest(input.orderId, input.requestId, 'rejected', caller.uid, null, input.reason);
});

// With the Przelewy24 secrets: a correction of an order paid online goes back through the provider (afterRefund).
export const approveRefund = onCall({ ...p24SecretOptions() }, async (request): Promise<ApproveRefundOutput> => {
  const input = parseInput(approveRefundInput, request.data);
  const caller = requireAdmin(request);
  return issueRefund(caller, {
    orderId: input.orderId,
    requestId: input.requestId,
    lines: input.lines,
    amount: input.amount,
    reason: input.reason,
    goodsNotReturned: input.goodsNotReturned === true,
  });
});

// With the Przelewy24 secrets: a correction of an order paid online goes back through the provider (afterRefund).
export const startRefund = onCall({ ...p24SecretOptions() }, async (request): Promise<ApproveRefundOutput> => {
  const input = parseInput(startRefundInput, request.data);
  const caller = requireAdmin(request);
  return issueRefund(caller, {
    orderId: input.orderId,
    lines: input.lines,
    amount: input.amount,
    reason: input.reason,
    bankAccount: input.bankAccount,
    goodsNotReturned: input.goodsNotReturned === true,
  });
});

interface IssueInput {
  orderId: string;
  requestId?: string;
  lines?: Record<string, number>;
  amount?: number;
  reason?: string;
  bankAccount?: string;
  goodsNotReturned: boolean;
}

/**
 * Approval: lock `/refunds/{orderId}` (the plan is decided against what is already refunded, inside
 * the transaction: domain/refunds.ts decideRefundApproval) → reserve the correction number for this
 * order in `/counters/corrections/{year}` → one atomic update writing the correction and everything
 * it changes. Same gapless guarantees as invoice numbers (docs/data-model.md, "Multi-step operations").
 */
async function issueRefund(caller: Caller, input: IssueInput): Promise<ApproveRefundOutput> {
  const { uid } = await paidOrder(input.orderId);
  // Under the person's hand-out lock: a hand-out (online or an offline sync) between the read of the
  // pickup items and the update would be erased by the update, and the refund would have decided as
  // if the goods were still there.
  const issued = await withPickupLock(uid, caller.uid, () => issueCorrection(caller, input));
  await afterRefund(issued.order, issued.plan, issued.correction, caller.uid);
  return issued.output;
}

async function issueCorrection(caller: Caller, input: IssueInput) {
  const now = Date.now();
  const { orderId } = input;
  const { order, invoice, pickups } = await refundSources(orderId);

  const { locked, plan, bankAccount, unlock } = await lockForApproval(order, pickups, input, caller, now);
  const year = locked.lock!.year;
  let sequence: number;
  try {
    sequence = await reserveGaplessNumber('corrections', orderId, year);
  } catch (error) {
    await unlock();
    throw error;
  }

  const number = formatCorrectionNumber(year, sequence);
  const rateGross = Object.fromEntries(Object.entries(invoice.totals.perRate).map(([k, r]) => [k, r.gross]));
  const amounts = computeCorrection({ order, rateGross, earlier: locked.rateGross, refunded: locked.refunded, plan });
  const next = afterCorrection(locked.refunded, locked.rateGross, plan, amounts);
  const reason = input.reason ?? (input.requestId ? 'Zwrot na prośbę nabywcy' : 'Zwrot należności');
  const correction = correctionInvoice({
    number,
    orderId,
    order,
    invoiceId: order.invoiceId,
    invoice,
    issuedAt: now,
    issueDate: warsawDate(now),
    issuedBy: caller.uid,
    reason,
    amounts,
    refundAccount: bankAccount,
    paidOnline: invoice.paymentMethod !== 'przelew',
  });
  const correctionId = invoiceIdFromNumber(number);
  const updates = correctionUpdates({
    orderId,
    locked,
    correction,
    amounts,
    next,
    input,
    bankAccount,
    by: caller.uid,
    now,
  });
  const increments = new Increments();
  await givenBackUnitsChanges(orderId, order, plan.lines, increments, updates);
  refundStatsChanges(orderId, order, plan, next.refunded, pickups, increments, updates);
  increments.into(updates);
  for (const r of Object.values(amounts.perRate)) {
    updates[`stats/refunds/perRate/${rateKey(r.vatRate)}/gross`] = ServerValue.increment(-r.gross);
    updates[`stats/refunds/perRate/${rateKey(r.vatRate)}/net`] = ServerValue.increment(-r.net);
  }
  await commitCorrection(correction, correctionId, updates, now);
  const output: ApproveRefundOutput = {
    orderId,
    correctionId: correctionId,
    correctionNumber: number,
    amount: amounts.refundAmount,
    fee: amounts.fee,
  };
  return { order, plan, correction, output };
}

/** The paid order, its invoice and its pickup items: what an approval decides on. */
async function refundSources(orderId: string) {
  const order = await paidOrder(orderId);
  const invoice = await readStored(
    `invoices/${order.uid}/${order.invoiceId}`,
    invoiceSchema,
    `faktura ${order.invoiceNumber}`,
  );
  if (!invoice) throw refuse('invoice-missing');
  const pickups =
    (await readStored(`pickups/${order.uid}`, z.record(z.string(), pickupItemSchema), 'pozycje do odbioru')) ?? {};
  return { order, invoice, pickups };
}

/**
 * The final update: the correction and what it changes, with its e-mail (docs/email.md) and, for a
 * company invoice or any invoice that went to KSeF, its place in the KSeF queue (docs/ksef.md).
 */
async function commitCorrection(
  correction: CorrectionInvoice,
  correctionId: string,
  updates: Record<string, unknown>,
  now: number,
): Promise<void> {
  const invoiceQueued = (await db.ref(`ksefOutbox/${correction.corrected.invoiceId}/status`).get()).exists();
  const queued = ksefQueued(correction.buyer, { invoiceQueued });
  const entry = {
    uid: correction.uid,
    documentId: correctionId,
    buyer: correction.buyer,
    correctedId: correction.corrected.invoiceId,
  };
  Object.assign(updates, ksefOutboxUpdates(entry, now, queued));
  try {
    await commitWithMail(updates, await refundApprovedMail(correctionId, correction, queued));
  } catch (error) {
    // Outcome unknown: the lock and the reserved number stay; approving again after the lock expires
    // issues the same number.
    logger.error(`approveRefund: final update failed for ${correction.orderId} (${correction.number})`, error);
    throw refuse('try-again');
  }
}

/** What follows a committed refund: freed tickets offered on, an online payment refunded online. */
async function afterRefund(order: PaidOrder, plan: RefundPlan, correction: CorrectionInvoice, by: string) {
  // Refunded tickets go to the people waiting for them first (docs/waiting-list.md).
  const refundedTypes = new Set(
    plan.lines.flatMap(({ lineId }) => {
      const line = order.lines[lineId];
      return line.type === 'ticket' ? [line.ticketTypeId] : [];
    }),
  );
  for (const ticketTypeId of refundedTypes) await offerFreedUnits(ticketTypeId);
  // An order paid online gets its money back through the provider; its refund notification marks the
  // correction transferred. Should the provider refuse, the correction stays for the admin's transfer.
  const { orderId, number } = correction;
  await refundCorrectionOnline(orderId, invoiceIdFromNumber(number), correction.refundAmount, by).catch(
    (error: unknown) => {
      logger.error(`approveRefund: refund of ${orderId} (${number}) through the payment provider failed`, error);
    },
  );
}

/** Takes the approval lock on `/refunds/{orderId}` if the domain lets the approval go ahead. */
async function lockForApproval(
  order: PaidOrder,
  pickups: Record<string, { status: string }>,
  input: IssueInput,
  caller: Caller,
  now: number,
) {
  const token = randomUUID();
  const path = `refunds/${input.orderId}`;
  let decided: { plan: RefundPlan; bankAccount: string } | null = null;
  const { value: locked } = await transactStored(path, orderRefundsSchema, REFUNDS_WHAT, (cur) => {
    const refunds = fresh(cur, order);
    const decision = decideRefundApproval(refunds, order, pickups, { ...input, token, now });
    if (!decision.ok) throw refusalFrom(decision.refusal);
    decided = decision;
    return { ...refunds, lock: { token, by: caller.uid, at: now, year: refunds.lock?.year ?? warsawYear(now) } };
  });
  const chosen = decided as { plan: RefundPlan; bankAccount: string } | null;
  if (!locked?.lock || locked.lock.token !== token || !chosen) throw refuse('try-again');
  const unlock = () =>
    transactStored(path, orderRefundsSchema, REFUNDS_WHAT, (cur) => {
      if (cur?.lock?.token !== token) return KEEP;
      const { lock: _released, ...unlocked } = cur;
      return unlocked;
    });
  return { locked, plan: chosen.plan, bankAccount: chosen.bankAccount, unlock };
}

/** The correction, its transfer to make, the refund record's new totals and the approved request. */
function correctionUpdates(a: {
  orderId: string;
  locked: OrderRefunds;
  correction: CorrectionInvoice;
  amounts: ReturnType<typeof computeCorrection>;
  next: ReturnType<typeof afterCorrection>;
  input: IssueInput;
  bankAccount: string;
  by: string;
  now: number;
}): Record<string, unknown> {
  const { orderId, locked, correction, amounts, input, by, now } = a;
  const correctionId = invoiceIdFromNumber(correction.number);
  const transfer: RefundTransfer = {
    number: correction.number,
    amount: amounts.refundAmount,
    fee: amounts.fee,
    bankAccount: a.bankAccount,
    status: 'due',
    createdAt: now,
    createdBy: by,
    ...(input.requestId ? { requestId: input.requestId } : {}),
    ...(input.goodsNotReturned ? { goodsNotReturned: true } : {}),
  };
  const base = `refunds/${orderId}`;
  const updates: Record<string, unknown> = {
    [`corrections/${correction.uid}/${correctionId}`]: correction,
    [`${base}/refunded`]: a.next.refunded,
    [`${base}/rateGross`]: a.next.rateGross,
    [`${base}/corrections/${correctionId}`]: transfer,
    [`${base}/lock`]: null,
    [`counters/corrections/${locked.lock!.year}/pending/${orderId}`]: null,
    'stats/refunds/gross': ServerValue.increment(amounts.refundAmount),
    'stats/refunds/count': ServerValue.increment(1),
    [`stats/refunds/perDay/${correction.issueDate}/count`]: ServerValue.increment(1),
    [`stats/refunds/perDay/${correction.issueDate}/gross`]: ServerValue.increment(amounts.refundAmount),
  };
  if (input.requestId) {
    const req = locked.requests![input.requestId];
    updates[`${base}/requests/${input.requestId}`] = {
      ...req,
      status: 'approved',
      decidedAt: now,
      decidedBy: by,
      correctionId,
      ...(input.reason ? { decisionReason: input.reason } : {}),
    };
    for (const [lineId, id] of Object.entries(locked.open ?? {}))
      if (id === input.requestId) updates[`${base}/open/${lineId}`] = null;
  }
  return updates;
}

/** The refund's statistics and the pickup items not handed out that the refunded units take away. */
function refundStatsChanges(
  orderId: string,
  order: Order,
  plan: RefundPlan,
  refunded: RefundedLines,
  pickups: Record<string, PickupItem>,
  increments: Increments,
  updates: Record<string, unknown>,
): void {
  let ticketsRefunded = 0;
  let pickupsWithdrawn = 0;
  for (const l of plan.lines) {
    const line = order.lines[l.lineId];
    if (line.type === 'ticket') {
      ticketsRefunded += l.quantity;
      increments.add(`stats/admin/ticketTypes/${line.ticketTypeId}/paid`, -l.quantity);
      increments.add(`stats/refunds/ticketTypes/${line.ticketTypeId}/quantity`, l.quantity);
      increments.add(`stats/refunds/ticketTypes/${line.ticketTypeId}/gross`, l.gross);
    } else {
      increments.add(`stats/admin/variants/${line.productId}/${line.variantId}/paid`, -l.quantity);
      increments.add(`stats/refunds/variants/${line.productId}/${line.variantId}/quantity`, l.quantity);
      increments.add(`stats/refunds/variants/${line.productId}/${line.variantId}/gross`, l.gross);
    }
    const itemId = `${orderId}-${l.lineId}`;
    if (pickups[itemId]?.status !== 'waiting') continue;
    const left = line.quantity - refunded[l.lineId].quantity;
    if (left > 0) updates[`pickups/${order.uid}/${itemId}/quantity`] = left;
    else {
      updates[`pickups/${order.uid}/${itemId}`] = null;
      pickupsWithdrawn++;
    }
  }
  if (ticketsRefunded) updates['stats/public/ticketsPaid'] = ServerValue.increment(-ticketsRefunded);
  if (pickupsWithdrawn) updates['stats/admin/pickups/total'] = ServerValue.increment(-pickupsWithdrawn);
}

export const markRefundTransferred = onCall(async (request): Promise<MarkRefundTransferredOutput> => {
  const input = parseInput(markRefundTransferredInput, request.data);
  const caller = requireAdmin(request);
  // Money going back through the provider is marked by its notification; a transfer by hand as well would pay twice.
  const online = await onlineRefundOfCorrection(input.orderId, input.correctionId);
  if (online)
    throw refuse('refund-online-in-progress', {
      message:
        online.status === 'completed'
          ? 'Ten zwrot wykonał już operator Przelewy24 — nie przelewaj pieniędzy ręcznie'
          : 'Ten zwrot jest zlecony w Przelewy24 i czeka na potwierdzenie operatora — nie przelewaj pieniędzy ręcznie; jeśli operator go odrzuci, będzie można przelać je na konto',
    });
  return markCorrectionTransferred(input, caller.uid, Date.now());
});

// ---------------------------------------------------------------- pickup point

export const acceptPickupReturn = onCall(async (request): Promise<AcceptPickupReturnOutput> => {
  const input = parseInput(acceptPickupReturnInput, request.data);
  const caller = requireStaff(request);
  const item = await readStored(`pickups/${input.uid}/${input.itemId}`, pickupItemSchema, 'pozycja do odbioru');
  if (!item) throw refuse('pickup-missing');
  if (item.status !== 'picked') throw refuse('pickup-not-picked');
  const lineId = input.itemId.slice(item.orderId.length + 1);
  const order = await paidOrder(item.orderId);
  if (!order.lines[lineId] || `${item.orderId}-${lineId}` !== input.itemId) throw refuse('pickup-missing');
  const profile = await readStored(`profiles/${caller.uid}`, profileSchema, 'profil obsługi');
  const byName = profile ? `${profile.firstName} ${profile.lastName}` : (caller.name ?? caller.email ?? caller.uid);
  await transactStored(`refunds/${item.orderId}`, orderRefundsSchema, REFUNDS_WHAT, (cur) => {
    const refunds = fresh(cur, order);
    if (refunds.returns?.[lineId]) return KEEP;
    return { ...refunds, returns: { ...refunds.returns, [lineId]: { at: Date.now(), by: caller.uid, byName } } };
  });
  return { orderId: item.orderId, lineId };
});
