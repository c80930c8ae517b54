import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PlacedOrderPage } from '../orders';

export interface CheckoutConfirmationProps {
  orderId: string;
  /** Above the order (e.g. the checkout's steps). */
  header?: ReactNode;
  /** What happens after the transfer, for this kind of order. */
  payHint: ReactNode;
  /** Back to where this checkout started. */
  back: { to: string; label: string };
}

/** The end of both checkouts: the live order with the transfer details, and where to go next. */
export function CheckoutConfirmation({ orderId, header, payHint, back }: CheckoutConfirmationProps) {
  return (
    <PlacedOrderPage
      orderId={orderId}
      header={header}
      payHint={payHint}
      actions={
        <Group gap="xs">
          <Button component={Link} to="/dashboard/zamowienia" variant="light">
            Moje zamówienia
          </Button>
          <Button component={Link} to={back.to} variant="default">
            {back.label}
          </Button>
        </Group>
      }
    />
  );
}
