import { useState } from 'react';
import { Alert, Button, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { orderPaymentState } from '@domain/payments/onlinePayment';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { refusalOf } from '../../shared/ui/formErrors';
import { useUid } from '../auth';
import { startOnlinePayment, useGetMyPaymentsQuery } from './api';
import { Hint } from '../../shared/ui/Hint';
import { useClock } from '../../shared/ui/useClock';

/** Leaves the app for the provider's payment window (a separate function so tests of the page can see the address). */
function goTo(url: string): void {
  window.location.assign(url);
}

/**
 * The first way to pay a pending order: the provider's window (BLIK, pay-by-link, card). Renders the
 * online choice and the heading of the second one, „Przelew tradycyjny”, which the caller's transfer
 * details follow. While a payment started in the last minutes has not been booked it says
 * „Płatność w toku…”; the order turns „opłacone” live when the provider's notification is booked,
 * and paying again either way stays possible (an abandoned or declined payment sends no notification).
 */
export function OnlinePaymentChoice({ orderId }: { orderId: string }) {
  const uid = useUid() ?? '';
  const payments = useGetMyPaymentsQuery(uid, { skip: !uid });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The clock moves on by itself so „Płatność w toku…” ends when the provider's window closes.
  const now = useClock(30_000);
  // A payment started after the last tick counts from now.
  const newest = payments.data?.[0]?.createdAt ?? 0;
  const state = orderPaymentState(payments.data ?? [], orderId, Math.max(now, newest));

  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const { redirectUrl } = await startOnlinePayment(orderId);
      goTo(redirectUrl);
    } catch (e) {
      setError(refusalOf(e).message);
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" data-testid="online-payment" data-state={state}>
      <Title order={3} fz="md">
        Zapłać online
      </Title>
      {state === 'in-progress' && (
        <Alert color="blue" role="status" icon={<Loader size="xs" />} data-testid="payment-in-progress">
          <Text size="sm" fw={600}>
            Płatność w toku…
          </Text>
          <Text size="sm">
            Czekamy na potwierdzenie z Przelewy24 — status zamówienia zmieni się sam. Jeśli płatność się nie udała,
            możesz zapłacić jeszcze raz.
          </Text>
        </Alert>
      )}
      <ErrorAlert>{error}</ErrorAlert>
      <Group>
        {/* The label wraps on a phone instead of being cut off. */}
        <Button
          size="md"
          onClick={() => void pay()}
          loading={busy}
          styles={{
            root: { height: 'auto', minHeight: 42, paddingBlock: 8 },
            label: { whiteSpace: 'normal', textAlign: 'center' },
          }}
        >
          Zapłać online (BLIK, szybki przelew, karta)
        </Button>
      </Group>
      <Hint size="xs">
        Płatność obsługuje Przelewy24: przejdziesz do okna operatora i wrócisz tutaj. Zamówienie zostanie opłacone od
        razu, z fakturą.
      </Hint>
      <Divider my="xs" />
      <Title order={3} fz="md">
        Przelew tradycyjny
      </Title>
    </Stack>
  );
}
