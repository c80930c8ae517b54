/**
 * Order state machine. pending → paid (admin confirms the bank transfer; issues the invoice)
 *                      pending → cancelled (owner or admin; returns quota and stock)
 *                      pending → cancelled, reason `expired` (the system, after the payment deadline: limits.ts shouldExpire)
 *                      paid → cancelled, only an order a discount code paid (owner or admin; see isPaidByDiscount)
 *                      cancelled → paid (admin books a late transfer of an expired order: reinstatement)
 * "Admin may cancel any order not yet invoiced": the pending ones, and the ones a discount code left
 * nothing to pay on — `paid` at placement with `paidBy: discount` and no invoice — as long as none of
 * their pickup items has been handed out. Any other paid order has its invoice, and invoices are
 * immutable: it is final (a refund corrects it). A cancelled order is final except for the
 * reinstatement of an expired one whose reservations were already returned.
 *
 * The callables run these decisions inside their order transactions; they write what is decided here.
 */
import type { RefusalReason } from './errors.js';

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'oczekuje na płatność',
  paid: 'opłacone',
  cancelled: 'anulowane',
};

/** `paidBy` of an order a discount code left nothing to pay on (no admin, no provider booked it). */
export const PAID_BY_DISCOUNT = 'discount';

type Actor = 'owner' | 'admin' | 'staff' | 'other';
type OrderAction = 'confirmPayment' | 'reinstatePayment' | 'cancel' | 'cancelPaidByDiscount';

interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  allowed: readonly Actor[];
}

const ORDER_TRANSITIONS: Readonly<Record<OrderAction, Transition>> = {
  confirmPayment: { from: 'pending', to: 'paid', allowed: ['admin'] },
  /** Only for an order that expired and returned what it held (see isReinstatable). */
  reinstatePayment: { from: 'cancelled', to: 'paid', allowed: ['admin'] },
  cancel: { from: 'pending', to: 'cancelled', allowed: ['owner', 'admin'] },
  /** Only for an order a discount code paid, none of whose pickup items was handed out (see decideCancel). */
  cancelPaidByDiscount: { from: 'paid', to: 'cancelled', allowed: ['owner', 'admin'] },
};

type TransitionCheck =
  | { ok: true; to: OrderStatus }
  | { ok: false; reason: 'forbidden' | 'already-paid' | 'already-cancelled' | 'invalid-transition' };

export function checkTransition(action: OrderAction, from: OrderStatus, actors: readonly Actor[]): TransitionCheck {
  const t = ORDER_TRANSITIONS[action];
  if (!actors.some((a) => t.allowed.includes(a))) return { ok: false, reason: 'forbidden' };
  if (from === t.from) return { ok: true, to: t.to };
  if (from === 'paid') return { ok: false, reason: 'already-paid' };
  if (from === 'cancelled') return { ok: false, reason: 'already-cancelled' };
  return { ok: false, reason: 'invalid-transition' };
}

// ---------------------------------------------------------------- decisions on a stored order

/** A confirmation lock older than this belongs to a crashed confirmation and may be taken over. */
export const CONFIRM_LOCK_TTL_MS = 60_000;

/** The fields of a stored order the state machine looks at. */
export interface OrderStateView {
  uid: string;
  number: string;
  status: OrderStatus;
  createdAt: number;
  payBy?: number;
  paidBy?: string;
  invoiceId?: string;
  invoiceNumber?: string;
  cancelReason?: 'expired';
  released?: boolean;
  lock?: { at: number };
}

/** Why an order may not take the asked transition: a refusal reason with its Polish message. */
interface OrderRefusal {
  reason: RefusalReason;
  message?: string;
}

/**
 * Another confirmation holds the order's lock, or took it over from one that stalled and has booked
 * the payment meanwhile: passing, as trying again finds the order paid.
 */
export const CONFIRMATION_ELSEWHERE = {
  reason: 'busy',
  message: 'Płatność za to zamówienie jest właśnie potwierdzana',
} as const satisfies OrderRefusal;

/** A payment confirmation is working on the order (a lock older than the TTL is a crashed one's). */
function isConfirmLockLive(order: Pick<OrderStateView, 'lock'>, now: number): boolean {
  return order.lock !== undefined && now - order.lock.at < CONFIRM_LOCK_TTL_MS;
}

/** An order that expired unpaid (and returned what it held) can still be booked when its transfer arrives. */
export function isReinstatable(order: Pick<OrderStateView, 'status' | 'cancelReason' | 'released'>): boolean {
  return order.status === 'cancelled' && order.cancelReason === 'expired' && order.released === true;
}

/**
 * Paid at placement by a discount code that left nothing to pay (`paidBy: discount`, no invoice),
 * whatever its status now: such an order, while `paid`, can be cancelled like a pending one, and its
 * cancellation gives back what the settlement counted as paid (orders/settledByDiscount.ts).
 */
export function isPaidByDiscount(order: Pick<OrderStateView, 'paidBy' | 'invoiceId'>): boolean {
  return order.paidBy === PAID_BY_DISCOUNT && order.invoiceId === undefined;
}

/** The cancel transition this order would take: a pending order's, or that of an order a discount code paid. */
function cancelActionOf(order: Pick<OrderStateView, 'paidBy' | 'invoiceId'>): OrderAction {
  return isPaidByDiscount(order) ? 'cancelPaidByDiscount' : 'cancel';
}

/**
 * Whether the owner or an admin may cancel the order in its state — the action the participant's and
 * the admin's order lists offer. The rest decideCancel checks when asked: a payment confirmation at
 * work (the order's lock), and for an order a discount code paid, its pickup items handed out.
 */
export function isCancellable(order: Pick<OrderStateView, 'status' | 'paidBy' | 'invoiceId'>): boolean {
  return checkTransition(cancelActionOf(order), order.status, ['owner', 'admin']).ok;
}

type ConfirmDecision =
  { ok: true; action: 'confirmPayment' | 'reinstatePayment' } | { ok: false; refusal: OrderRefusal };

/**
 * Whether an admin may confirm the payment of this order now (and take its confirmation lock).
 * `paidOnline`: the confirmation comes from a verified provider notification, i.e. the money is
 * already there; then an order the participant or an admin cancelled meanwhile is booked like an
 * expired one, when what it held is still available (docs/payments.md).
 */
export function decideConfirm(
  order: OrderStateView,
  now: number,
  { paidOnline = false }: { paidOnline?: boolean } = {},
): ConfirmDecision {
  const reinstatable = isReinstatable(order) || (paidOnline && order.status === 'cancelled' && order.released === true);
  const action = reinstatable ? 'reinstatePayment' : 'confirmPayment';
  const check = checkTransition(action, order.status, ['admin']);
  if (!check.ok) {
    if (check.reason === 'already-paid')
      return {
        ok: false,
        refusal: {
          reason: 'already-paid',
          message: `Zamówienie ${order.number} jest już opłacone (faktura ${order.invoiceNumber ?? ''})`.trim(),
        },
      };
    return {
      ok: false,
      refusal: { reason: 'already-cancelled', message: `Zamówienie ${order.number} jest anulowane` },
    };
  }
  if (isConfirmLockLive(order, now)) return { ok: false, refusal: CONFIRMATION_ELSEWHERE };
  return { ok: true, action };
}

/**
 * `resume`: the order is already cancelled but its release did not finish (`released: false`);
 * the caller completes the release instead of refusing.
 * `pickupsNeeded`: an order a discount code paid, decided without its pickup items: the caller reads
 * them, holding hand-outs to the person off until the release has removed them, and asks again.
 */
type CancelDecision =
  | { ok: true }
  | { ok: false; resume: true }
  | { ok: false; pickupsNeeded: true }
  | { ok: false; resume?: false; refusal: OrderRefusal };

/** The refusal of an order a discount code paid, some of whose pickup items were already handed out. */
const HANDED_OUT_REFUSAL = {
  reason: 'already-picked',
  message: 'Część pozycji tego zamówienia została już wydana w punkcie odbioru — nie można go anulować.',
} as const satisfies OrderRefusal;

/**
 * Whether `caller` may cancel this order now. Someone else's order is reported as not found.
 * `pickups.handedOut`: for an order a discount code paid (which has pickup items), whether any of its
 * items was handed out at the pickup point — then it stays as it is.
 */
export function decideCancel(
  order: OrderStateView,
  caller: { uid: string; admin: boolean },
  pickups?: { handedOut: boolean },
): CancelDecision {
  const actors: Actor[] = [order.uid === caller.uid ? 'owner' : 'other'];
  if (caller.admin) actors.push('admin');
  const paidByDiscount = isPaidByDiscount(order);
  const check = checkTransition(cancelActionOf(order), order.status, actors);
  if (!check.ok) {
    if (check.reason === 'forbidden') return { ok: false, refusal: { reason: 'order-missing' } };
    if (check.reason === 'already-cancelled' && order.released === false)
      // Its release removes the order's pickup items: read under the hand-out lock like the cancellation's.
      return paidByDiscount && !pickups ? { ok: false, pickupsNeeded: true } : { ok: false, resume: true };
    if (check.reason === 'already-paid')
      return {
        ok: false,
        refusal: {
          reason: 'already-paid',
          message: `Zamówienie ${order.number} jest już opłacone — nie można go anulować`,
        },
      };
    return {
      ok: false,
      refusal: { reason: 'already-cancelled', message: `Zamówienie ${order.number} jest już anulowane` },
    };
  }
  // Any lock, however old: a confirmation that crashed may still finish with its reserved invoice number.
  if (order.lock)
    return {
      ok: false,
      refusal: {
        reason: 'busy',
        message: 'Płatność za to zamówienie jest właśnie potwierdzana — nie można go anulować',
      },
    };
  if (paidByDiscount) {
    if (!pickups) return { ok: false, pickupsNeeded: true };
    if (pickups.handedOut) return { ok: false, refusal: HANDED_OUT_REFUSAL };
  }
  return { ok: true };
}

/** Whether any of the order's pickup items (`/pickups/{uid}`, keyed "{orderId}-{lineId}") was handed out. */
export function anyHandedOut(
  orderId: string,
  items: Readonly<Record<string, { orderId: string; status: 'waiting' | 'picked' }>>,
): boolean {
  return Object.values(items).some((item) => item.orderId === orderId && item.status === 'picked');
}

/** The order as a cancellation commits it: `released: false` until its quota and stock are returned. */
export function cancelledOrder<O extends object>(
  order: O,
  at: number,
  by: { uid?: string; reason?: 'expired' },
): O & { status: 'cancelled'; cancelledAt: number; released: false } {
  return {
    ...order,
    status: 'cancelled',
    cancelledAt: at,
    ...(by.uid ? { cancelledBy: by.uid } : {}),
    ...(by.reason ? { cancelReason: by.reason } : {}),
    released: false,
  };
}
