import { useEffect, useState } from 'react';
import { Group, Stack } from '@mantine/core';
import { PageFrame } from '../../shared/ui/PageFrame';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { CheckoutGate, DiscountFromLink, startNewCheckoutIfPlaced, StepLink } from '../checkout';
import { removeLine, setLineQuantity } from './api';
import { BasketLines, BasketTotals, type PricedLine } from './basketView';
import { gateOf, SHOP, STEP1, usePricedBasket } from './shopCheckout';
import { useUid } from '../auth';

export function MerchBasketPage() {
  const uid = useUid() ?? '';
  const basket = usePricedBasket(uid);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => startNewCheckoutIfPlaced('merch', uid), [uid]);

  async function run(lineId: string, op: () => Promise<void>) {
    setBusy(lineId);
    setFailure(null);
    try {
      await op();
    } catch {
      setFailure('Nie udało się zmienić koszyka. Sprawdź połączenie i spróbuj ponownie.');
    } finally {
      setBusy(null);
    }
  }
  const blocked = basket.lines.some((l) => l.problem);

  return (
    <PageFrame>
      <DiscountFromLink kind="merch" uid={uid} />
      <CheckoutGate {...gateOf(basket)}>
        <Stack gap="md">
          <BasketLines
            lines={basket.lines}
            busyLineId={busy}
            onQuantity={(l: PricedLine, q) => void run(l.line.id, () => setLineQuantity(uid, l.line.id, q))}
            onRemove={(l: PricedLine) => void run(l.line.id, () => removeLine(uid, l.line.id))}
          />
          <ErrorAlert>{failure}</ErrorAlert>
          <BasketTotals lines={basket.lines} />
          <Group justify="space-between">
            <StepLink to={SHOP} back>
              Kupuj dalej
            </StepLink>
            <StepLink to={STEP1} blocked={blocked}>
              Przejdź do zamówienia
            </StepLink>
          </Group>
        </Stack>
      </CheckoutGate>
    </PageFrame>
  );
}
