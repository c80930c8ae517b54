import type { useTicketCheckout } from './useTicketCheckout';

/** The ticket checkout's addresses (original-spec section 2). */
export const MEMBERS = '/dashboard/uczestnicy';
export const BASKET = `${MEMBERS}/TicketBasket`;
export const STEP_ONE = `${MEMBERS}/basket/TicketsStepOne`;
export const STEP_TWO = `${MEMBERS}/basket/TicketsStepTwo`;

/** The checkout's steps after the basket, as the stepper names them. */
export const TICKET_STEPS = ['Przegląd', 'Dane nabywcy'] as const;

/** The empty ticket basket, on every step after it. */
const emptyBasket = {
  title: 'Koszyk jest pusty',
  text: 'Wybierz bilety dla swoich uczestników.',
  next: { to: BASKET, label: 'Wybierz bilety' },
};

/** The loading / error / empty state of a step, for `CheckoutGate`. */
export const gateOf = (c: ReturnType<typeof useTicketCheckout>) => ({
  isLoading: c.isLoading,
  isError: c.isError,
  error: c.error,
  isEmpty: c.lines.length === 0,
  empty: emptyBasket,
});
