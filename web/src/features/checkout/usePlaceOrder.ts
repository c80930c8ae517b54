import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CallableInput, PlaceOrderOutput } from '@domain/callables';
import { invoiceFromValues } from '../settings';
import type { BuyerValues } from './BuyerForm';
import { useCheckoutState, type CheckoutKind } from './checkoutState';
import { checkoutRefusal, type CheckoutRefusal } from './refusal';

type PlaceOrder = (input: CallableInput<'placeTicketOrder'>) => Promise<PlaceOrderOutput>;

/** `?zamowienie=<id>` on the step that placed the order: the confirmation, which a reload keeps. */
export const CONFIRMATION_PARAM = 'zamowienie';
export const confirmationPath = (stepPath: string, orderId: string) =>
  `${stepPath}?${new URLSearchParams({ [CONFIRMATION_PARAM]: orderId })}`;

/**
 * The idempotent submit of both checkouts: every attempt of one checkout sends the same key, so a
 * retry after a lost answer or a double click gets the order already placed, never a second one.
 * Once placed, the checkout remembers the order and the step shows its confirmation.
 */
export function usePlaceOrder(
  kind: CheckoutKind,
  uid: string,
  place: PlaceOrder,
  stepPath: string,
  memberName?: (memberId: string) => string | null,
) {
  const [state, update] = useCheckoutState(kind, uid);
  const navigate = useNavigate();
  const { idempotencyKey, discountCode } = state;
  const placeOrder = useCallback(
    async (values: BuyerValues): Promise<CheckoutRefusal | null> => {
      try {
        const result = await place({
          idempotencyKey,
          buyer: invoiceFromValues(values.buyer),
          acceptTerms: true,
          saveInvoiceData: values.saveInvoiceData,
          ...(discountCode ? { discountCode } : {}),
        });
        update({ placed: { orderId: result.orderId } });
        navigate(confirmationPath(stepPath, result.orderId), { replace: true });
        return null;
      } catch (error) {
        return checkoutRefusal(error, memberName);
      }
    },
    [idempotencyKey, discountCode, place, update, navigate, stepPath, memberName],
  );
  return { state, update, placeOrder };
}
