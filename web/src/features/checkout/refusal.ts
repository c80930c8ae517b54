import { PASSING_REFUSALS } from '@domain/errors';
import { refusalOf } from '../../shared/ui/formErrors';

/** A refused order as the checkout shows it. */
export interface CheckoutRefusal {
  message: string;
  /** The payload field the server named ("buyer.nip", "tickets.<memberId>"), if any. */
  field?: string;
  /** The basket has to change before ordering can succeed: the refusal links back to it. */
  fixBasket: boolean;
}

/** Refusals about what is in the basket (gone, sold out, not on sale, limits), not about the buyer. */
const BASKET_REASONS = new Set([
  'basket-empty',
  'basket-in-order',
  'basket-changed',
  'member-missing',
  'ticket-type-missing',
  'ticket-type-inactive',
  'sale-not-started',
  'sale-ended',
  'sold-out',
  'expired-sold-out',
  'account-limit',
  'already-has-ticket',
  'product-missing',
  'product-inactive',
  'variant-missing',
  'out-of-stock',
]);

/** Refusals where the same click again may succeed (and transport failures): the idempotency key makes that safe. */
const RETRY_REASONS = new Set([...PASSING_REFUSALS, 'unavailable', 'internal', 'deadline-exceeded']);

/**
 * Turns a `placeTicketOrder` / `placeMerchOrder` failure into what the buyer reads. A refusal about
 * one participant's ticket (`tickets.<memberId>`) is prefixed with that participant's name when the
 * server's text does not name them already.
 */
export function checkoutRefusal(
  error: unknown,
  memberName: (memberId: string) => string | null = () => null,
): CheckoutRefusal {
  const r = refusalOf(error);
  let message = r.message;
  const memberId = r.field?.startsWith('tickets.') ? r.field.slice('tickets.'.length) : null;
  const who = memberId ? memberName(memberId) : null;
  if (who && !message.includes(who)) message = `${who}: ${message}`;
  if (RETRY_REASONS.has(r.reason) || RETRY_REASONS.has(r.code)) {
    message = `${/[.!?]$/.test(message) ? message : `${message}.`} Kliknij „Zamawiam” jeszcze raz — nie utworzymy drugiego zamówienia.`;
  }
  return { message, field: r.field, fixBasket: BASKET_REASONS.has(r.reason) };
}
