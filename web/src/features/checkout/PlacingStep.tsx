import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useUid } from '../auth';
import { CheckoutConfirmation, type CheckoutConfirmationProps } from './CheckoutConfirmation';
import { useCheckoutState, type CheckoutKind } from './checkoutState';
import { CONFIRMATION_PARAM, confirmationPath } from './usePlaceOrder';

interface PlacingStepProps {
  kind: CheckoutKind;
  /** The step's own path: the confirmation is this path with `?zamowienie=<id>`. */
  stepPath: string;
  confirmation: Omit<CheckoutConfirmationProps, 'orderId'>;
  children: ReactNode;
}

/**
 * The last step of a checkout, the one that places the order. Its address with `?zamowienie=` is the
 * live confirmation (a reload keeps it); once this checkout has placed its order, the step itself
 * leads to that confirmation, never to a second order (e.g. back from the confirmation).
 */
export function PlacingStep({ kind, stepPath, confirmation, children }: PlacingStepProps) {
  const [params] = useSearchParams();
  // The auth guard admits only signed-in users to a checkout.
  const [{ placed }] = useCheckoutState(kind, useUid() ?? '');
  const orderId = params.get(CONFIRMATION_PARAM);
  if (orderId !== null) return <CheckoutConfirmation orderId={orderId} {...confirmation} />;
  if (placed) return <Navigate to={confirmationPath(stepPath, placed.orderId)} replace />;
  return <>{children}</>;
}
