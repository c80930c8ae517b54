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
  holdingsSchema,
  invoiceSchema,
  orderSchema,
  pickupItemSchema,
  profileSchema,
  ticketRecordSchema,
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
  type RefundDecisionOutput,
  type RequestRefundOutput,
} from './domain/index.js';
import {
  afterCorrection,
  computeCorrection,
  correctionInvoice,
  formatCorrectionNumber,
  planRefund,
  type CorrectionInvoice,
  type OrderRefunds,
  type RefundPlan,
  type RefundTransfer,
} from './domain/refunds.js';
import { db } from './lib/admin.js';
import { commitWithMail, refundApprovedMail, refundTransferredMail } from './mail/index.js';
import { ksefOutboxUpdates } from './domain/ksef/outbox.js';
import { requireAdmin, requireCaller, requireStaff, type Caller } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';
import { readStored } from './lib/stored.js';
import { transact } from './lib/tx.js';
import { refundCorrectionOnline } from './payments/refunds.js';

// Every transaction below refuses by writing back the value it was given (`return cur`), never by
// aborting: the first run may see a stale or empty local cache, and only a write makes the server
// compare — a stale value is then retried with the real one, so every refusal is decided on the
// server's current data. Writing the same value changes nothing.

/** An approval lock older than this belongs to a crashed approval and may be taken over (the callable's time limit). */
export const REFUND_LOCK_TTL_MS = 60_000;

export type { CorrectionInvoice, OrderRefunds, RefundRequest, RefundTransfer } from './domain/refunds.js';

async function paidOrder(orderId: string, caller?: Caller): Promise<Order & { invoiceId: string; invoiceNumber: string }> {
  const order = await readStored(`orders/${orderId}`, orderSchema, `zamówienie ${orderId}`);
  if (!order || (caller && order.uid !== caller.uid)) throw refuse('order-missing');
  const { invoiceId, invoiceNumber } = order;
  if (order.status !== 'paid' || !invoiceId || !invoiceNumber) throw refuse('order-not-paid', { message: `Zamówienie ${order.number} nie jest opłacone — zwrot jest możliwy tylko po opłaceniu` });
  return { ...order, invoiceId, invoiceNumber };
}

function refusalOfPlan(result: ReturnType<typeof planRefund>) {
  return result.ok ? null : refuse(result.refusal.reason, { message: result.refusal.message, field: result.refusal.field });
}

/** The order's refund record, created on first use with the order's identity. */
function fresh(refunds: OrderRefunds | null, order: Order & { invoiceId: string; invoiceNumber: string }): OrderRefunds {
  return refunds ?? { uid: order.uid, orderNumber: order.number, invoiceId: order.invoiceId, invoiceNumber: order.invoiceNumber };
}

// ---------------------------------------------------------------- participant

export const requestRefund = onCall(async (request): Promise<RequestRefundOutput> => {
  const input = parseInput(requestRefundInput, request.data);
  const caller = requireCaller(request);
  const order = await paidOrder(input.orderId, caller);
  const requestId = db.ref('refunds').push().key!;
  const now = Date.now();
  let why: ReturnType<typeof refuse> | null = null;
  let amount = 0;
  await transact<OrderRefunds>(db.ref(`refunds/${input.orderId}`), (cur) => {
    why = null;
    const refunds = fresh(cur, order);
    const result = planRefund(order, refunds.refunded, input.lines);
    why = refusalOfPlan(result);
    if (!result.ok) return cur;
    const taken = result.plan.lines.find((l) => refunds.open?.[l.lineId]);
    if (taken) {
      why = refuse('refund-open', { field: `lines.${taken.lineId}`, message: `${taken.name} — prośba o zwrot tej pozycji już czeka na decyzję` });
      return cur;
    }
    amount = result.plan.refundable;
    const lines = Object.fromEntries(result.plan.lines.map((l) => [l.lineId, l.quantity]));
    return {
      ...refunds,
      requests: { ...refunds.requests, [requestId]: { uid: caller.uid, lines, bankAccount: input.bankAccount, ...(input.note ? { note: input.note } : {}), status: 'open', createdAt: now } },
      open: { ...refunds.open, ...Object.fromEntries(result.plan.lines.map((l) => [l.lineId, requestId])) },
    };
  });
  if (why) throw why;
  return { orderId: input.orderId, requestId, amount };
});

/** Closes an open request (withdrawn by its owner or rejected by an admin) and frees its lines. */
async function closeRequest(orderId: string, requestId: string, status: 'withdrawn' | 'rejected', by: string, owner: string | null, reason?: string): Promise<RefundDecisionOutput> {
  const now = Date.now();
  let why: ReturnType<typeof refuse> | null = null;
  await transact<OrderRefunds>(db.ref(`refunds/${orderId}`), (cur) => {
    why = null;
    const req = cur?.requests?.[requestId];
    if (!cur || !req || (owner !== null && req.uid !== owner)) why = refuse('refund-request-missing');
    else if (req.status !== 'open') why = refuse('refund-decided', { message: `O tej prośbie o zwrot już zdecydowano (${req.status === 'withdrawn' ? 'wycofana' : req.status === 'approved' ? 'zatwierdzona' : 'odrzucona'})` });
    else if (cur.lock && now - cur.lock.at < REFUND_LOCK_TTL_MS) why = refuse('busy', { message: 'Zwrot tego zamówienia jest właśnie zatwierdzany' });
    if (why || !cur || !req) return cur;
    const open = Object.fromEntries(Object.entries(cur.open ?? {}).filter(([, id]) => id !== requestId));
    return { ...cur, open, requests: { ...cur.requests, [requestId]: { ...req, status, decidedAt: now, decidedBy: by, ...(reason ? { decisionReason: reason } : {}) } } };
  });
  if (why) throw why;
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

export const approveRefund = onCall(async (request): Promise<ApproveRefundOutput> => {
  const input = parseInput(approveRefundInput, request.data);
  const caller = requireAdmin(request);
  return issueRefund(caller, { orderId: input.orderId, requestId: input.requestId, lines: input.lines, amount: input.amount, reason: input.reason, goodsNotReturned: input.goodsNotReturned === true });
});

export const startRefund = onCall(async (request): Promise<ApproveRefundOutput> => {
  const input = parseInput(startRefundInput, request.data);
  const caller = requireAdmin(request);
  return issueRefund(caller, { orderId: input.orderId, lines: input.lines, amount: input.amount, reason: input.reason, bankAccount: input.bankAccount, goodsNotReturned: input.goodsNotReturned === true });
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

interface CorrectionCounter { last: number; pending?: Record<string, number> }

/**
 * Approval: lock `/refunds/{orderId}` (the plan is checked against what is already refunded, inside
 * the transaction) → reserve the correction number for this order in `/counters/corrections/{year}` →
 * one atomic update writing the correction and everything it changes. Same gapless guarantees as
 * invoice numbers (docs/data-model.md, "Multi-step operations").
 */
async function issueRefund(caller: Caller, input: IssueInput): Promise<ApproveRefundOutput> {
  const now = Date.now();
  const { orderId } = input;
  const order = await paidOrder(orderId);
  const invoice = await readStored(`invoices/${order.uid}/${order.invoiceId}`, invoiceSchema, `faktura ${order.invoiceNumber}`);
  if (!invoice) throw refuse('invoice-missing');
  const pickups = (await readStored(`pickups/${order.uid}`, z.record(z.string(), pickupItemSchema), 'pozycje do odbioru')) ?? {};

  const token = randomUUID();
  const refundsRef = db.ref(`refunds/${orderId}`);
  let why: ReturnType<typeof refuse> | null = null;
  let plan: RefundPlan | null = null;
  let bankAccount = '';
  const { value: locked } = await transact<OrderRefunds>(refundsRef, (cur) => {
    why = null;
    const refunds = fresh(cur, order);
    if (refunds.lock && refunds.lock.token !== token && now - refunds.lock.at < REFUND_LOCK_TTL_MS) {
      why = refuse('busy', { message: 'Zwrot tego zamówienia jest właśnie zatwierdzany' });
      return cur;
    }
    let lines = input.lines;
    if (input.requestId) {
      const req = refunds.requests?.[input.requestId];
      if (!req) why = refuse('refund-request-missing');
      else if (req.status !== 'open') why = refuse('refund-decided', { message: req.status === 'approved' ? `Ta prośba o zwrot została już zatwierdzona (korekta ${req.correctionId ?? ''})`.trim() : 'O tej prośbie o zwrot już zdecydowano' });
      else {
        const outside = Object.keys(input.lines ?? {}).find((lineId) => !(lineId in req.lines) || input.lines![lineId] > req.lines[lineId]);
        if (outside) why = refuse('refund-line-missing', { field: `lines.${outside}`, message: 'Tej pozycji (lub tylu sztuk) nie ma w prośbie o zwrot' });
        lines = input.lines ?? req.lines;
        bankAccount = req.bankAccount;
      }
    } else {
      bankAccount = input.bankAccount!;
    }
    if (why) return cur;
    const result = planRefund(order, refunds.refunded, lines, input.amount);
    why = refusalOfPlan(result);
    if (!result.ok) return cur;
    if (!input.requestId) {
      const taken = result.plan.lines.find((l) => refunds.open?.[l.lineId]);
      if (taken) {
        why = refuse('refund-open', { field: `lines.${taken.lineId}`, message: `${taken.name} — uczestnik prosi już o zwrot tej pozycji: zdecyduj o jego prośbie` });
        return cur;
      }
    }
    for (const l of result.plan.lines) {
      const item = pickups[`${orderId}-${l.lineId}`];
      if (item?.status === 'picked' && !refunds.returns?.[l.lineId] && !input.goodsNotReturned) {
        why = refuse('refund-goods-not-returned', { field: `lines.${l.lineId}`, item: l.name, message: `${l.name} — wydano już w punkcie odbioru: najpierw przyjmij zwrot albo zwróć pieniądze bez zwrotu towaru` });
        return cur;
      }
    }
    plan = result.plan;
    return { ...refunds, lock: { token, by: caller.uid, at: now, year: refunds.lock?.year ?? warsawYear(now) } };
  });
  if (why) throw why;
  if (!locked?.lock || locked.lock.token !== token || !plan) throw refuse('try-again');
  const chosen: RefundPlan = plan;
  const year = locked.lock.year;
  const unlock = () =>
    transact<OrderRefunds>(refundsRef, (cur) => {
      if (cur?.lock?.token !== token) return cur;
      const { lock: _released, ...unlocked } = cur;
      return unlocked;
    });

  let sequence = 0;
  try {
    await transact<CorrectionCounter>(db.ref(`counters/corrections/${year}`), (cur) => {
      const counter = cur ?? { last: 0 };
      const reserved = counter.pending?.[orderId];
      if (reserved) {
        sequence = reserved;
        return counter;
      }
      sequence = counter.last + 1;
      return { last: sequence, pending: { ...counter.pending, [orderId]: sequence } };
    });
  } catch (error) {
    await unlock();
    throw error;
  }

  const number = formatCorrectionNumber(year, sequence);
  const correctionId = invoiceIdFromNumber(number);
  const rateGross = Object.fromEntries(Object.entries(invoice.totals.perRate).map(([k, r]) => [k, r.gross]));
  const amounts = computeCorrection({ order, rateGross, earlier: locked.rateGross, refunded: locked.refunded, plan: chosen });
  const next = afterCorrection(locked.refunded, locked.rateGross, chosen, amounts);
  const issueDate = warsawDate(now);
  const reason = input.reason ?? (input.requestId ? 'Zwrot na prośbę nabywcy' : 'Zwrot należności');

  const correction: CorrectionInvoice = correctionInvoice({
    number,
    orderId,
    order,
    invoiceId: order.invoiceId,
    invoice,
    issuedAt: now,
    issueDate,
    issuedBy: caller.uid,
    reason,
    amounts,
    refundAccount: bankAccount,
  });
  const transfer: RefundTransfer = {
    number,
    amount: amounts.refundAmount,
    fee: amounts.fee,
    bankAccount,
    status: 'due',
    createdAt: now,
    createdBy: caller.uid,
    ...(input.requestId ? { requestId: input.requestId } : {}),
    ...(input.goodsNotReturned ? { goodsNotReturned: true } : {}),
  };

  const base = `refunds/${orderId}`;
  const updates: Record<string, unknown> = {
    [`corrections/${order.uid}/${correctionId}`]: correction,
    [`${base}/refunded`]: next.refunded,
    [`${base}/rateGross`]: next.rateGross,
    [`${base}/corrections/${correctionId}`]: transfer,
    [`${base}/lock`]: null,
    [`counters/corrections/${year}/pending/${orderId}`]: null,
    'stats/refunds/gross': ServerValue.increment(amounts.refundAmount),
    'stats/refunds/count': ServerValue.increment(1),
    [`stats/refunds/perDay/${issueDate}/count`]: ServerValue.increment(1),
    [`stats/refunds/perDay/${issueDate}/gross`]: ServerValue.increment(amounts.refundAmount),
  };
  if (input.requestId) {
    const req = locked.requests![input.requestId];
    updates[`${base}/requests/${input.requestId}`] = { ...req, status: 'approved', decidedAt: now, decidedBy: caller.uid, correctionId, ...(input.reason ? { decisionReason: input.reason } : {}) };
    for (const [lineId, id] of Object.entries(locked.open ?? {})) if (id === input.requestId) updates[`${base}/open/${lineId}`] = null;
  }

  // What the refunded lines held comes back: quota/stock, the account's holdings, a ticket's claim,
  // and pickup items not handed out. Reads first; the changes go into the same update as the correction.
  const holdings = (await readStored(`holdings/${order.uid}`, holdingsSchema, 'limity konta')) ?? {};
  let ticketsRefunded = 0;
  let pickupsWithdrawn = 0;
  const perLineGross = new Map(chosen.lines.map((l) => [l.lineId, l.gross]));
  // Several refunded lines can move the same counter (two tickets of one type): the changes are
  // summed per path, as two increments of one path in one update would keep only the last.
  const increments = new Map<string, number>();
  const add = (path: string, n: number) => increments.set(path, (increments.get(path) ?? 0) + n);
  const heldLeft = new Map<string, number>();
  const giveBackHolding = (path: string, held: number, n: number) => {
    const left = heldLeft.get(path) ?? held;
    if (left < n) return;
    heldLeft.set(path, left - n);
    add(path, -n);
  };
  for (const l of chosen.lines) {
    const line = order.lines[l.lineId];
    const gross = perLineGross.get(l.lineId)!;
    if (line.type === 'ticket') {
      ticketsRefunded += l.quantity;
      const inArchive = !(await db.ref(`ticketTypes/${line.ticketTypeId}`).get()).exists() && (await db.ref(`archivedTicketTypes/${line.ticketTypeId}`).get()).exists();
      add(`${inArchive ? 'archivedTicketTypes' : 'ticketTypes'}/${line.ticketTypeId}/sold`, -l.quantity);
      giveBackHolding(`holdings/${order.uid}/tickets/${line.ticketTypeId}`, holdings.tickets?.[line.ticketTypeId] ?? 0, l.quantity);
      const claim = await readStored(`tickets/${order.uid}/${line.memberId}/${line.ticketTypeId}`, ticketRecordSchema, 'bilet uczestnika');
      if (claim?.orderId === orderId) updates[`tickets/${order.uid}/${line.memberId}/${line.ticketTypeId}`] = null;
      add(`stats/admin/ticketTypes/${line.ticketTypeId}/paid`, -l.quantity);
      add(`stats/refunds/ticketTypes/${line.ticketTypeId}/quantity`, l.quantity);
      add(`stats/refunds/ticketTypes/${line.ticketTypeId}/gross`, gross);
    } else {
      const inArchive = !(await db.ref(`products/${line.productId}/variants/${line.variantId}`).get()).exists() && (await db.ref(`archivedProducts/${line.productId}/variants/${line.variantId}`).get()).exists();
      add(`${inArchive ? 'archivedProducts' : 'products'}/${line.productId}/variants/${line.variantId}/sold`, -l.quantity);
      giveBackHolding(`holdings/${order.uid}/variants/${line.productId}/${line.variantId}`, holdings.variants?.[line.productId]?.[line.variantId] ?? 0, l.quantity);
      add(`stats/admin/variants/${line.productId}/${line.variantId}/paid`, -l.quantity);
      add(`stats/refunds/variants/${line.productId}/${line.variantId}/quantity`, l.quantity);
      add(`stats/refunds/variants/${line.productId}/${line.variantId}/gross`, gross);
    }
    const itemId = `${orderId}-${l.lineId}`;
    const item = pickups[itemId];
    if (item?.status === 'waiting') {
      const left = line.quantity - next.refunded[l.lineId].quantity;
      if (left > 0) updates[`pickups/${order.uid}/${itemId}/quantity`] = left;
      else {
        updates[`pickups/${order.uid}/${itemId}`] = null;
        pickupsWithdrawn++;
      }
    }
  }
  for (const [path, n] of increments) updates[path] = ServerValue.increment(n);
  if (ticketsRefunded) updates['stats/public/ticketsPaid'] = ServerValue.increment(-ticketsRefunded);
  if (pickupsWithdrawn) updates['stats/admin/pickups/total'] = ServerValue.increment(-pickupsWithdrawn);
  for (const r of Object.values(amounts.perRate)) {
    updates[`stats/refunds/perRate/${rateKey(r.vatRate)}/gross`] = ServerValue.increment(-r.gross);
    updates[`stats/refunds/perRate/${rateKey(r.vatRate)}/net`] = ServerValue.increment(-r.net);
  }

  // The e-mail with the correction attached is written in the same update (docs/email.md).
  // A correction of a company invoice is queued for KSeF in the same update (docs/ksef.md).
  Object.assign(updates, ksefOutboxUpdates({ uid: order.uid, documentId: correctionId, buyer: correction.buyer, correctedId: correction.corrected.invoiceId }, now));
  const mail = await refundApprovedMail(correctionId, correction);
  try {
    await commitWithMail(updates, mail);
  } catch (error) {
    // Outcome unknown: the lock and the reserved number stay; approving again after the lock expires
    // issues the same number.
    logger.error(`approveRefund: final update failed for ${orderId} (${number})`, error);
    throw refuse('try-again');
  }
  // An order paid online gets its money back through the provider; its refund notification marks the
  // correction transferred. Should the provider refuse, the correction stays for the admin's transfer.
  await refundCorrectionOnline(orderId, correctionId, amounts.refundAmount, caller.uid).catch((error: unknown) => {
    logger.error(`approveRefund: refund of ${orderId} (${number}) through the payment provider failed`, error);
  });
  return { orderId, correctionId, correctionNumber: number, amount: amounts.refundAmount, fee: amounts.fee };
}

export const markRefundTransferred = onCall(async (request): Promise<MarkRefundTransferredOutput> => {
  const input = parseInput(markRefundTransferredInput, request.data);
  const caller = requireAdmin(request);
  return markCorrectionTransferred(input, caller.uid, Date.now());
});

/**
 * A correction's money went out: by the admin's transfer (markRefundTransferred) or through the payment
 * provider, whose refund notification calls this (payments/index.ts; `quietIfDone`: a correction
 * already marked is fine then, and the e-mail is not written again).
 */
export async function markCorrectionTransferred(
  input: { orderId: string; correctionId: string; transferredOn: string },
  by: string,
  now: number,
  { quietIfDone = false }: { quietIfDone?: boolean } = {},
): Promise<MarkRefundTransferredOutput> {
  if (input.transferredOn > warsawDate(now)) throw refuse('invalid-input', { field: 'transferredOn', message: 'Data przelewu nie może być z przyszłości' });
  let why: ReturnType<typeof refuse> | null = null;
  let alreadyTransferred = null as RefundTransfer | null;
  const { value: transferred } = await transact<RefundTransfer>(db.ref(`refunds/${input.orderId}/corrections/${input.correctionId}`), (cur) => {
    why = null;
    alreadyTransferred = null;
    if (!cur) why = refuse('refund-missing');
    else if (cur.status === 'transferred') {
      alreadyTransferred = cur;
      why = refuse('refund-already-transferred', { message: `Zwrot ${cur.number} oznaczono jako przelany ${cur.transferredOn ?? ''}`.trim() });
    }
    else if (input.transferredOn < warsawDate(cur.createdAt)) why = refuse('invalid-input', { field: 'transferredOn', message: 'Data przelewu nie może być wcześniejsza niż data korekty' });
    if (why || !cur) return cur;
    return { ...cur, status: 'transferred', transferredOn: input.transferredOn, transferredAt: now, transferredBy: by };
  });
  if (alreadyTransferred && quietIfDone) return { orderId: input.orderId, correctionId: input.correctionId, status: 'transferred' };
  // The commit point is the transaction above (one node), so the e-mail is written right after it
  // (docs/email.md). A call that failed in between left the transfer without its e-mail; the admin's
  // repeat, which the failed call asked for, writes it and is then refused as already done. The
  // message id is fixed per transfer and only its content fields are written, so a message already
  // written or sent stays as it is and goes out once.
  if (alreadyTransferred) await commitWithMail({}, await refundTransferredMail(input.orderId, input.correctionId, alreadyTransferred));
  if (why) throw why;
  if (transferred) await commitWithMail({}, await refundTransferredMail(input.orderId, input.correctionId, transferred));
  return { orderId: input.orderId, correctionId: input.correctionId, status: 'transferred' };
}

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
  await transact<OrderRefunds>(db.ref(`refunds/${item.orderId}`), (cur) => {
    const refunds = fresh(cur, order);
    if (refunds.returns?.[lineId]) return cur;
    return { ...refunds, returns: { ...refunds.returns, [lineId]: { at: Date.now(), by: caller.uid, byName } } };
  });
  return { orderId: item.orderId, lineId };
});
