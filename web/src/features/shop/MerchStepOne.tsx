import { useEffect } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../shared/ui/PageFrame';
import { CheckoutGate, CheckoutSteps, startNewCheckoutIfPlaced } from '../checkout';
import { BasketLines, BasketTotals } from './basketView';
import { BASKET, gateOf, MERCH_STEPS, STEP2, usePricedBasket } from './shopCheckout';
import { useUid } from '../auth';

export function MerchStepOne() {
  const uid = useUid() ?? '';
  const basket = usePricedBasket(uid);
  useEffect(() => startNewCheckoutIfPlaced('merch', uid), [uid]);
  const blocked = basket.lines.some((l) => l.problem);
  return (
    <PageFrame>
      <CheckoutSteps steps={MERCH_STEPS} active={0} />
      <CheckoutGate {...gateOf(basket)}>
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            Sprawdź zamawiane produkty. Ceny zawierają VAT; ostateczną kwotę potwierdzi serwer przy składaniu zamówienia.
          </Text>
          <BasketLines lines={basket.lines} />
          <BasketTotals lines={basket.lines} />
          <Group justify="space-between">
            <Button component={Link} to={BASKET} variant="default">
              Wstecz: koszyk
            </Button>
            <Button component={Link} to={STEP2} disabled={blocked} onClick={(e) => blocked && e.preventDefault()}>
              Dalej: dane nabywcy
            </Button>
          </Group>
        </Stack>
      </CheckoutGate>
    </PageFrame>
  );
}
