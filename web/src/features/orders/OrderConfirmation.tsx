import type { ReactNode } from 'react';
import { Alert, Badge, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { Seller } from '@domain/schemas';
import { formatDateTime, formatMoney } from '../../shared/format/pl';
import { LoadingRows } from '../../shared/ui/DataState';
import { OrderLinesTable, type ListedOrderLine } from './OrderLinesTable';
import { payeeOf, TransferInstructions } from './TransferInstructions';
import { Hint } from '../../shared/ui/Hint';

const STATUS = {
  pending: { label: 'oczekuje na płatność', color: 'yellow.4' },
  paid: { label: 'opłacone', color: 'teal.9' },
  cancelled: { label: 'anulowane', color: 'gray' },
} as const;

/** The order as read live from `/orders/{id}`: with it the status follows the order. */
interface OrderConfirmationDetails {
  status: keyof typeof STATUS;
  createdAt: number;
  lines: ListedOrderLine[];
  invoiceNumber?: string;
  /** Payment deadline (ms), shown with the transfer data. */
  payBy?: number;
}

interface OrderConfirmationProps {
  /** `ZAM/2026/000042`: also the transfer title. */
  number: string;
  totalGross: number;
  /** `/event/seller`; null while loading or when the organiser has not set it yet. */
  seller: Seller | null;
  sellerLoading?: boolean;
  /**
   * Live order (ticket checkout): a card with status, date and lines, transfer data only while pending.
   * Without it (merchandise checkout, which knows only what placing returned) a "thank you" summary.
   */
  details?: OrderConfirmationDetails;
  /** Shown above the transfer data. */
  payHint?: ReactNode;
  /** Links to the orders list etc. */
  actions?: ReactNode;
  /** The first way to pay while pending (features/payments' OnlinePaymentChoice), before the transfer data. */
  onlinePayment?: ReactNode;
}

function OrderCard({
  number,
  totalGross,
  details,
}: {
  number: string;
  totalGross: number;
  details: OrderConfirmationDetails;
}) {
  const status = STATUS[details.status];
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Text size="xs" tt="uppercase" fw={700} c="baltyk">
              Zamówienie przyjęte
            </Text>
            <Title order={2} fz={22} data-testid="order-number">
              {number}
            </Title>
            <Hint>{formatDateTime(details.createdAt)}</Hint>
          </Stack>
          <Badge
            size="lg"
            color={status.color}
            variant="filled"
            autoContrast
            data-testid="order-status"
            style={{ textTransform: 'none' }}
          >
            {status.label}
          </Badge>
        </Group>
        <Divider />
        <OrderLinesTable lines={details.lines} label="Pozycje zamówienia" totalGross={totalGross} />
      </Stack>
    </Card>
  );
}

/** "Order placed" with everything the buyer needs to pay by bank transfer; shared by the ticket and merchandise checkouts. */
export function OrderConfirmation({
  number,
  totalGross,
  seller,
  sellerLoading,
  details,
  payHint,
  actions,
  onlinePayment,
}: OrderConfirmationProps) {
  const pending = !details || details.status === 'pending';
  return (
    <Stack gap="lg" data-testid="order-confirmation">
      {details ? (
        <OrderCard number={number} totalGross={totalGross} details={details} />
      ) : (
        <Alert color="teal" title="Dziękujemy! Zamówienie zostało przyjęte" role="status">
          <Text size="sm">
            Numer zamówienia: <strong data-testid="order-number">{number}</strong>. Do zapłaty:{' '}
            <strong>{formatMoney(totalGross)}</strong>. Zamówienie oczekuje na płatność — po zaksięgowaniu przelewu
            zmieni status na „opłacone”, a fakturę VAT znajdziesz w zakładce Faktury.
          </Text>
        </Alert>
      )}
      {pending && onlinePayment}
      {pending &&
        (seller ? (
          <Stack gap="xs">
            {payHint && <Text>{payHint}</Text>}
            <TransferInstructions
              {...payeeOf(seller)}
              amountGrosze={totalGross}
              title={number}
              payBy={details?.payBy}
            />
          </Stack>
        ) : sellerLoading ? (
          <LoadingRows rows={2} label="Wczytywanie danych do przelewu" />
        ) : (
          <Alert color="yellow">
            Organizator nie podał jeszcze numeru konta. Dane do przelewu pojawią się tutaj i w zakładce Zamówienia.
          </Alert>
        ))}
      {details?.status === 'paid' && (
        <Alert color="teal" role="status">
          {totalGross === 0 && !details.invoiceNumber
            ? 'Zamówienie jest potwierdzone — dzięki kodowi rabatowemu nie ma nic do zapłaty, więc nie wystawiamy faktury.'
            : `Dziękujemy — płatność została zaksięgowana${details.invoiceNumber ? `, faktura ${details.invoiceNumber}` : ''}.`}
        </Alert>
      )}
      {actions}
    </Stack>
  );
}
