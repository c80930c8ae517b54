import { useCallback, useSyncExternalStore } from 'react';
import type { InvoiceValues } from '../settings';
import { isIdempotencyKey, newIdempotencyKey } from './idempotency';

/** The two baskets that end in an order: tickets for participants, and the shop's merchandise. */
export type CheckoutKind = 'tickets' | 'merch';

/**
 * State of one checkout, kept in sessionStorage so that going back and forth between the steps (or
 * reloading one) never loses what was typed, and so a retried "place order" reuses the same
 * idempotency key. A new key is drawn only when a new checkout starts after an order was placed.
 */
interface CheckoutState {
  /** null until the buyer step was opened (then prefilled from the profile). */
  buyer: InvoiceValues | null;
  acceptTerms: boolean;
  saveInvoiceData: boolean;
  idempotencyKey: string;
  /** The order this checkout placed: the confirmation shows it, and placing again is never offered. */
  placed: { orderId: string } | null;
  /** The discount code typed at the first step or opened from a link (normalised; checked by the server). */
  discountCode: string | null;
}

const storageKey = (kind: CheckoutKind, uid: string) => `panel.checkout.${kind}.${uid}`;

function fresh(previous?: CheckoutState): CheckoutState {
  return {
    buyer: previous?.buyer ?? null,
    acceptTerms: false,
    saveInvoiceData: previous?.saveInvoiceData ?? false,
    idempotencyKey: newIdempotencyKey(),
    placed: null,
    discountCode: null,
  };
}

/** What sessionStorage held, if it still has the shape this version writes (else a fresh checkout). */
function restore(raw: string | null): CheckoutState | undefined {
  if (!raw) return undefined;
  try {
    const s = JSON.parse(raw) as Partial<CheckoutState> | null;
    if (!s || !isIdempotencyKey(s.idempotencyKey)) return undefined;
    const buyer = s.buyer && typeof s.buyer === 'object' ? s.buyer : null;
    const placed = s.placed && typeof s.placed.orderId === 'string' ? { orderId: s.placed.orderId } : null;
    const discountCode = typeof s.discountCode === 'string' ? s.discountCode : null;
    return {
      buyer,
      acceptTerms: s.acceptTerms === true,
      saveInvoiceData: s.saveInvoiceData === true,
      idempotencyKey: s.idempotencyKey,
      placed,
      discountCode,
    };
  } catch {
    return undefined;
  }
}

const cache = new Map<string, CheckoutState>();
const listeners = new Map<string, Set<() => void>>();

function read(kind: CheckoutKind, uid: string): CheckoutState {
  const key = storageKey(kind, uid);
  let state = cache.get(key);
  if (state) return state;
  try {
    state = restore(sessionStorage.getItem(key));
  } catch {
    state = undefined;
  }
  state ??= fresh();
  cache.set(key, state);
  return state;
}

function write(kind: CheckoutKind, uid: string, next: CheckoutState): void {
  const key = storageKey(kind, uid);
  cache.set(key, next);
  try {
    sessionStorage.setItem(key, JSON.stringify(next));
  } catch {
    // Private mode without storage: the state still lives for this page.
  }
  listeners.get(key)?.forEach((l) => l());
}

/** After an order was placed, the next visit to the basket starts a new checkout (new key, buyer data kept). */
export function startNewCheckoutIfPlaced(kind: CheckoutKind, uid: string): void {
  const state = read(kind, uid);
  if (state.placed) write(kind, uid, fresh(state));
}

export function useCheckoutState(kind: CheckoutKind, uid: string) {
  const subscribe = useCallback(
    (listener: () => void) => {
      const key = storageKey(kind, uid);
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => set.delete(listener);
    },
    [kind, uid],
  );
  const state = useSyncExternalStore(subscribe, () => read(kind, uid));
  const update = useCallback(
    (patch: Partial<CheckoutState>) => write(kind, uid, { ...read(kind, uid), ...patch }),
    [kind, uid],
  );
  return [state, update] as const;
}
