import { useEffect } from 'react';
import { Stack, Text } from '@mantine/core';
import { ReviewStepEnd, startNewCheckoutIfPlaced, StepLink } from '../checkout';
import { BasketLines, BasketTotals } from './basketView';
import { BASKET, MerchStepFrame, STEP2, usePricedBasket } from './shopCheckout';
import { useMerchDiscount } from './useMerchDiscount';
import { useUid } from '../auth';
import { Hint } from '../../shared/ui/Hint';

export function MerchStepOne() {
  const uid = useUid() ?? '';
  const basket = usePricedBasket(uid);
  const d = useMerchDiscount(uid, basket.lines);
  useEffect(() => startNewCheckoutIfPlaced('merch', uid), [uid]);
  const blocked = basket.lines.some((l) => l.problem) || d.blocking !== null;
  return (
    <MerchStepFrame active={0} basket={basket}>
      <Stack gap="md">
        <Hint>
          Sprawdź zamawiane produkty. Ceny zawierają VAT; ostateczną kwotę potwierdzi serwer przy składaniu zamówienia.
        </Hint>
        <BasketLines lines={d.lines} />
        <BasketTotals lines={d.lines} />
        {d.free && <Text size="sm">Nie ma nic do zapłaty — zamówienie potwierdzimy od razu, bez faktury.</Text>}
        <ReviewStepEnd
          discount={d}
          back={{ to: BASKET, label: 'Wstecz: koszyk' }}
          next={
            <StepLink to={STEP2} blocked={blocked}>
              Dalej: dane nabywcy
            </StepLink>
          }
        />
      </Stack>
    </MerchStepFrame>
  );
}
