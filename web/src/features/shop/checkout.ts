import { useCallback, useSyncExternalStore } from 'react';
import type { PlaceOrderOutput } from '@domain/callables';
import { placeMerchOrderInput } from '@domain/callables';
import { buyerInput, type BuyerDraft } from '../../shared/ui/BuyerInvoiceForm';
import { schemaErrors } from '../../shared/ui/formErrors';

/**
 * State of one merchandise checkout, kept in sessionStorage so that going back and forth between the
 * steps (or reloading a step) never loses what was typed, and so a retried "place order" reuses the
 * same idempotency key: the server then answers with the order it already placed instead of a second one.
 * A new key is drawn only when a new checkout starts after an order was placed.
 */
export interface CheckoutState {
  /** null until the buyer step was opened (then prefilled from the profile). */
  buyer: BuyerDraft | null;
  acceptTerms: boolean;
  saveInvoiceData: boolean;
  idempotencyKey: string;
  placed: PlaceOrderOutput | null;
}

const PREFIX = 'panel.merchCheckout.';

export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

function fresh(previous?: CheckoutState): CheckoutState {
  return { buyer: previous?.buyer ?? null, acceptTerms: false, saveInvoiceData: previous?.saveInvoiceData ?? false, idempotencyKey: newIdempotencyKey(), placed: null };
}

const cache = new Map<string, CheckoutState>();
const listeners = new Map<string, Set<() => void>>();

function read(uid: string): CheckoutState {
  let state = cache.get(uid);
  if (state) return state;
  try {
    const raw = sessionStorage.getItem(PREFIX + uid);
    if (raw) state = JSON.parse(raw) as CheckoutState;
  } catch {
    state = undefined;
  }
  if (!state || typeof state.idempotencyKey !== 'string') state = fresh();
  cache.set(uid, state);
  return state;
}

export function writeCheckout(uid: string, next: CheckoutState): void {
  cache.set(uid, next);
  try {
    sessionStorage.setItem(PREFIX + uid, JSON.stringify(next));
  } catch {
    // Private mode without storage: the state still lives for this page.
  }
  listeners.get(uid)?.forEach((l) => l());
}

/** After an order was placed, the next visit to the basket starts a new checkout (new key, buyer data kept). */
export function startNewCheckoutIfPlaced(uid: string): void {
  const state = read(uid);
  if (state.placed) writeCheckout(uid, fresh(state));
}

export function useCheckout(uid: string) {
  const subscribe = useCallback(
    (listener: () => void) => {
      const set = listeners.get(uid) ?? new Set();
      set.add(listener);
      listeners.set(uid, set);
      return () => set.delete(listener);
    },
    [uid],
  );
  const state = useSyncExternalStore(subscribe, () => read(uid));
  const update = useCallback((patch: Partial<CheckoutState>) => writeCheckout(uid, { ...read(uid), ...patch }), [uid]);
  return [state, update] as const;
}

/** Field errors of the whole order payload (buyer + consent), with "buyer." stripped for the buyer fields. */
export function checkoutErrors(buyer: BuyerDraft, acceptTerms: boolean, saveInvoiceData: boolean, idempotencyKey: string) {
  const all = schemaErrors(placeMerchOrderInput, { idempotencyKey, buyer: buyerInput(buyer), acceptTerms: acceptTerms || undefined, saveInvoiceData });
  const buyerErrors: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) if (k.startsWith('buyer.')) buyerErrors[k.slice(6)] = v;
  if (all.buyer) buyerErrors.kind = all.buyer;
  return { buyer: buyerErrors, acceptTerms: all.acceptTerms, valid: Object.keys(all).length === 0 };
}

