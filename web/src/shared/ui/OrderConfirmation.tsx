import type { ReactNode } from 'react';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { Seller } from '@domain/schemas';
import { formatMoney } from '../format/pl';
import { TransferInstructions } from './TransferInstructions';

export interface OrderConfirmationProps {
  /** `ZAM/2026/000042`: also the transfer title. */
  number: string;
  totalGross: number;
  /** `/event/seller`; null while loading or when the organiser has not set it yet. */
  seller: Seller | null;
  sellerLoading?: boolean;
  /** Links to the orders list etc. */
  actions?: ReactNode;
}

/** "Order placed" with everything the buyer needs to pay by bank transfer; shared by the ticket and merchandise checkouts. */
export function OrderConfirmation({ number, totalGross, seller, sellerLoading, actions }: OrderConfirmationProps) {
  return (
    <Stack gap="lg" data-testid="order-confirmation">
      <Alert color="teal" variant="light" title="Dziękujemy! Zamówienie zostało przyjęte" role="status">
        <Text size="sm">
          Numer zamówienia: <strong data-testid="order-number">{number}</strong>. Do zapłaty: <strong>{formatMoney(totalGross)}</strong>. Zamówienie
          oczekuje na płatność — po zaksięgowaniu przelewu zmieni status na „opłacone”, a fakturę VAT znajdziesz w zakładce Faktury.
        </Text>
      </Alert>
      {seller ? (
        <TransferInstructions
          recipient={seller.name}
          recipientAddress={`${seller.street}, ${seller.postalCode} ${seller.city}`}
          bankName={seller.bankName}
          bankAccount={seller.bankAccount}
          amountGrosze={totalGross}
          title={number}
        />
      ) : sellerLoading ? (
        <Loader size="sm" aria-label="Wczytywanie danych do przelewu" />
      ) : (
        <Alert color="yellow" variant="light">
          Organizator nie podał jeszcze numeru konta. Dane do przelewu pojawią się w zakładce Zamówienia.
        </Alert>
      )}
      {actions}
    </Stack>
  );
}
