/**
 * Order state machine. pending → paid (admin confirms the bank transfer; issues the invoice)
 *                      pending → cancelled (owner or admin; returns quota and stock)
 * paid and cancelled are final: a paid order always has its invoice, and invoices are immutable,
 * so "admin may cancel any order not yet invoiced" means exactly the pending ones.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'oczekuje na płatność',
  paid: 'opłacone',
  cancelled: 'anulowane',
};

export type Actor = 'owner' | 'admin' | 'staff' | 'other';
export type OrderAction = 'confirmPayment' | 'cancel';

interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  allowed: readonly Actor[];
}

export const ORDER_TRANSITIONS: Readonly<Record<OrderAction, Transition>> = {
  confirmPayment: { from: 'pending', to: 'paid', allowed: ['admin'] },
  cancel: { from: 'pending', to: 'cancelled', allowed: ['owner', 'admin'] },
};

export type TransitionCheck =
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
