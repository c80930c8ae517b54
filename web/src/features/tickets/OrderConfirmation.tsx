import { Alert, Badge, Button, Card, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime, formatMoney } from '../../shared/format/pl';
import { LoadError, LoadingRows } from '../../shared/ui/DataState';
import { TransferInstructions } from '../../shared/ui/TransferInstructions';
import { useGetOrderQuery } from './api';
import { useGetSellerQuery } from './catalogApi';

const STATUS = {
  pending: { label: 'oczekuje na płatność', color: 'yellow.4' },
  paid: { label: 'opłacone', color: 'teal.8' },
  cancelled: { label: 'anulowane', color: 'gray' },
} as const;

/** After placing an order: what was bought and how to pay for it; the status follows the order live. */
export function OrderConfirmation({ orderId }: { orderId: string }) {
  const order = useGetOrderQuery(orderId);
  const seller = useGetSellerQuery();
  if (order.isLoading) return <LoadingRows rows={3} label="Wczytywanie zamówienia" />;
  if (order.isError || !order.data) return <LoadError>Nie udało się wczytać zamówienia. Znajdziesz je w zakładce Zamówienia.</LoadError>;
  const o = order.data;
  const status = STATUS[o.status];
  const lines = Object.entries(o.lines);
  return (
    <Stack gap="lg" data-testid="order-confirmation">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={0}>
              <Text size="xs" tt="uppercase" fw={700} c="baltyk">
                Zamówienie przyjęte
              </Text>
              <Title order={2} fz={22} data-testid="order-number">
                {o.number}
              </Title>
              <Text size="sm" c="dimmed">
                {formatDateTime(o.createdAt)}
              </Text>
            </Stack>
            <Badge size="lg" color={status.color} variant="filled" autoContrast data-testid="order-status" style={{ textTransform: 'none' }}>
              {status.label}
            </Badge>
          </Group>
          <Divider />
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" aria-label="Pozycje zamówienia">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Pozycja</Table.Th>
                  <Table.Th ta="right">Cena</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map(([id, l]) => (
                  <Table.Tr key={id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {l.name}
                      </Text>
                      {l.memberName && (
                        <Text size="xs" c="dimmed">
                          {l.memberName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(l.unitGross * l.quantity)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>Razem (z VAT)</Table.Th>
                  <Table.Th ta="right" data-testid="order-total" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(o.totals.gross)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Card>
      {o.status === 'pending' &&
        (seller.data?.seller ? (
          <Stack gap="xs">
            <Text>
              Zapłać przelewem na poniższe konto. Bilety zostaną potwierdzone, gdy organizator zaksięguje wpłatę — fakturę znajdziesz wtedy w zakładce Faktury.
            </Text>
            <TransferInstructions
              recipient={seller.data.seller.name}
              recipientAddress={`${seller.data.seller.street}, ${seller.data.seller.postalCode} ${seller.data.seller.city}`}
              bankName={seller.data.seller.bankName}
              bankAccount={seller.data.seller.bankAccount}
              amountGrosze={o.totals.gross}
              title={o.number}
            />
          </Stack>
        ) : seller.isLoading ? (
          <LoadingRows rows={2} label="Wczytywanie danych do przelewu" />
        ) : (
          <Alert color="yellow" variant="light">
            Organizator nie podał jeszcze numeru konta. Dane do przelewu pojawią się tutaj i w zakładce Zamówienia.
          </Alert>
        ))}
      {o.status === 'paid' && (
        <Alert color="teal" variant="light" role="status">
          Dziękujemy — płatność została zaksięgowana{o.invoiceNumber ? `, faktura ${o.invoiceNumber}` : ''}.
        </Alert>
      )}
      <Group gap="xs">
        <Button component={Link} to="/dashboard/zamowienia" variant="light">
          Moje zamówienia
        </Button>
        <Button component={Link} to="/dashboard/uczestnicy" variant="default">
          Wróć do uczestników
        </Button>
      </Group>
    </Stack>
  );
}
