import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatNip } from '@domain/identifiers';
import {
  buyerStepComplete,
  CheckoutSteps,
  DiscountSummary,
  OrderRefusal,
  PlacingStep,
  StepLink,
  usePlaceOrder,
  type CheckoutRefusal,
} from '../checkout';
import { useGetCountriesQuery } from '../registration';
import type { InvoiceValues } from '../settings';
import { placeMerchOrder } from './api';
import { BasketLines, BasketTotals } from './basketView';
import { BASKET, MERCH_STEPS, MerchStepFrame, SHOP, STEP1, STEP2, STEP3, usePricedBasket } from './shopCheckout';
import { useMerchDiscount } from './useMerchDiscount';
import { useUid } from '../auth';
import { Hint } from '../../shared/ui/Hint';

function BuyerSummary({ buyer }: { buyer: InvoiceValues }) {
  // The country by its Polish name („Polska”), as the buyer picked it, not its code.
  const { data: countries } = useGetCountriesQuery();
  const country = countries?.find((c) => c.code === buyer.country)?.name ?? buyer.country;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={2}>
        <Group justify="space-between">
          <Text fw={600}>Nabywca</Text>
          <Anchor component={Link} to={STEP2} size="sm">
            Zmień
          </Anchor>
        </Group>
        <Text>{buyer.name}</Text>
        {buyer.kind === 'company' && <Text size="sm">NIP: {formatNip(buyer.nip)}</Text>}
        <Hint>
          {buyer.street}, {buyer.postalCode} {buyer.city}, <span data-testid="buyer-country">{country}</span>
        </Hint>
      </Stack>
    </Paper>
  );
}

/** `merch/MerchStepThree`: summary and the order; afterwards (`?zamowienie=`) the live confirmation with transfer details. */
export function MerchStepThree() {
  return (
    <PlacingStep
      kind="merch"
      stepPath={STEP3}
      confirmation={{
        header: <CheckoutSteps steps={MERCH_STEPS} active={2} />,
        payHint:
          'Zapłać przelewem na poniższe konto. Gadżety odbierzesz w punkcie odbioru, gdy organizator zaksięguje wpłatę — fakturę znajdziesz wtedy w zakładce Faktury.',
        back: { to: SHOP, label: 'Wróć do sklepiku' },
      }}
    >
      <MerchSummaryStep />
    </PlacingStep>
  );
}

function MerchSummaryStep() {
  const uid = useUid() ?? '';
  const basket = usePricedBasket(uid);
  const d = useMerchDiscount(uid, basket.lines);
  const { state, placeOrder } = usePlaceOrder('merch', uid, placeMerchOrder, STEP3);
  const [placing, setPlacing] = useState(false);
  const [refusal, setRefusal] = useState<CheckoutRefusal | null>(null);

  const values = state.buyer
    ? { buyer: state.buyer, acceptTerms: state.acceptTerms, saveInvoiceData: state.saveInvoiceData }
    : null;
  const blocked = basket.lines.some((l) => l.problem) || d.blocking !== null;

  async function place() {
    if (placing || !buyerStepComplete(values)) return;
    setPlacing(true);
    setRefusal(null);
    const failure = await placeOrder(values);
    setRefusal(failure);
    setPlacing(false);
  }

  return (
    <MerchStepFrame active={2} basket={basket}>
      {!buyerStepComplete(values) ? (
        <Alert color="yellow" title="Uzupełnij dane nabywcy">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Zanim złożysz zamówienie, podaj dane do faktury i zaakceptuj regulamin sprzedaży.</Text>
            <Button component={Link} to={STEP2} size="xs">
              Przejdź do danych nabywcy
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="md">
          <BasketLines lines={d.lines} />
          <BasketTotals lines={d.lines} />
          <DiscountSummary check={d.discount.check} listTotal={d.priced.listTotalGross} total={d.priced.totalGross} />
          <BuyerSummary buyer={values.buyer} />
          {refusal && <OrderRefusal refusal={refusal} basketPath={BASKET} />}
          {d.blocking && (
            <Alert color="orange" role="alert">
              {d.blocking}{' '}
              <Anchor component={Link} to={STEP1}>
                Wróć do przeglądu
              </Anchor>
            </Alert>
          )}
          <Hint>
            {d.free
              ? 'Nie ma nic do zapłaty — po złożeniu zamówienie jest od razu potwierdzone, bez faktury. Gadżety odbierzesz w punkcie odbioru.'
              : 'Po złożeniu zamówienia zobaczysz dane do przelewu. Zamówienie czeka na płatność; możesz je anulować w zakładce Zamówienia, dopóki nie jest opłacone.'}
          </Hint>
          <Group justify="space-between">
            <StepLink to={STEP2} back blocked={placing}>
              Wstecz: dane nabywcy
            </StepLink>
            <Button onClick={() => void place()} loading={placing} disabled={blocked} size="md">
              {d.free ? 'Zamawiam bezpłatnie' : 'Zamawiam i płacę przelewem'}
            </Button>
          </Group>
        </Stack>
      )}
    </MerchStepFrame>
  );
}
