import { useCallback } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '../../shared/ui/PageFrame';
import {
  BuyerStep,
  CheckoutGate,
  CheckoutSteps,
  DiscountedPrice,
  DiscountSummary,
  PlacingStep,
  usePlaceOrder,
} from '../checkout';
import { memberName } from '../members';
import { placeTicketOrder } from './api';
import { BASKET, gateOf, MEMBERS, STEP_ONE, STEP_TWO, TICKET_STEPS } from './steps';
import { useTicketCheckout } from './useTicketCheckout';
import { useTicketDiscount } from './useTicketDiscount';
import { TitledStack } from '../../shared/ui/TitledStack';

/** `basket/TicketsStepTwo`: buyer data and the order; afterwards (`?zamowienie=`) the confirmation with transfer details. */
export function TicketsStepTwo() {
  return (
    <PlacingStep
      kind="tickets"
      stepPath={STEP_TWO}
      confirmation={{
        payHint:
          'Zapłać przelewem na poniższe konto. Bilety zostaną potwierdzone, gdy organizator zaksięguje wpłatę — fakturę znajdziesz wtedy w zakładce Faktury.',
        back: { to: MEMBERS, label: 'Wróć do uczestników' },
      }}
    >
      <TicketsBuyerStep />
    </PlacingStep>
  );
}

function TicketsBuyerStep() {
  const c = useTicketCheckout();
  const navigate = useNavigate();
  const uid = c.uid ?? '';
  const members = c.members.data;
  const nameOf = useCallback(
    (memberId: string) => {
      const m = members?.find((x) => x.id === memberId);
      return m ? memberName(m) : null;
    },
    [members],
  );
  const { placeOrder } = usePlaceOrder('tickets', uid, placeTicketOrder, STEP_TWO, nameOf);
  const d = useTicketDiscount(c);
  const problems = [...c.problems, ...(d.blocking ? [d.blocking] : [])];
  return (
    <PageFrame>
      <CheckoutSteps steps={TICKET_STEPS} active={1} />
      <CheckoutGate {...gateOf(c)} loadingLabel="Wczytywanie zamówienia">
        <Stack gap="lg">
          <Card withBorder radius="lg" padding="md">
            <TitledStack title="Twoje zamówienie" titleSize="md" gap={4}>
              {c.lines.map((l, i) => (
                <Group key={l.member.id} justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {l.type.name} — {memberName(l.member)}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    <DiscountedPrice list={l.type.priceGrosze} paid={d.priced.unitGross[i]} />
                  </Text>
                </Group>
              ))}
              <DiscountSummary
                check={d.discount.check}
                listTotal={d.priced.listTotalGross}
                total={d.priced.totalGross}
              />
            </TitledStack>
          </Card>
          <BuyerStep
            kind="tickets"
            uid={uid}
            totalGross={d.priced.totalGross}
            disabledReason={problems.length > 0 ? problems.join(' ') : undefined}
            basketPath={BASKET}
            back={
              <Button variant="default" onClick={() => navigate(STEP_ONE)}>
                Wstecz
              </Button>
            }
            submitLabel={d.free ? 'Zamawiam bezpłatnie' : 'Zamawiam i płacę przelewem'}
            onSubmit={placeOrder}
          />
        </Stack>
      </CheckoutGate>
    </PageFrame>
  );
}
