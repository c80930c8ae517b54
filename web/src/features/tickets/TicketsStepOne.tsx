import { useEffect, useState } from 'react';
import { Alert, Button, Card, Stack, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '../../shared/format/pl';
import { PageFrame } from '../../shared/ui/PageFrame';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { CheckoutGate, CheckoutSteps, DiscountedPrice, ReviewStepEnd, startNewCheckoutIfPlaced } from '../checkout';
import { memberName } from '../members';
import { setBasketTicket } from './api';
import { BASKET, gateOf, STEP_TWO, TICKET_STEPS } from './steps';
import { useTicketCheckout } from './useTicketCheckout';
import { useTicketDiscount } from './useTicketDiscount';
import { Hint } from '../../shared/ui/Hint';

function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert color="yellow" role="alert" title="Popraw koszyk przed zamówieniem" data-testid="basket-problems">
      <Stack gap={2}>
        {problems.map((p) => (
          <Text key={p} size="sm">
            {p}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** `basket/TicketsStepOne`: review who gets which ticket; remove or change before giving buyer data. */
export function TicketsStepOne() {
  const c = useTicketCheckout();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const uid = c.uid ?? '';
  useEffect(() => startNewCheckoutIfPlaced('tickets', uid), [uid]);
  const d = useTicketDiscount(c);
  return (
    <PageFrame>
      <CheckoutSteps steps={TICKET_STEPS} active={0} />
      <CheckoutGate {...gateOf(c)} notice={<Problems problems={c.problems} />}>
        <TicketsReview c={c} d={d} error={error} setError={setError} onNext={() => navigate(STEP_TWO)} />
      </CheckoutGate>
    </PageFrame>
  );
}

type Review = {
  c: ReturnType<typeof useTicketCheckout>;
  d: ReturnType<typeof useTicketDiscount>;
  error: string | null;
  setError: (e: string) => void;
  onNext: () => void;
};
type Line = Review['c']['lines'][number];

function TicketsReview({ c, d, error, setError, onNext }: Review) {
  const columns: DataColumn<Line>[] = [
    {
      key: 'line',
      header: 'Uczestnik i bilet',
      td: { style: { overflowWrap: 'anywhere' } },
      cell: (l) => (
        <>
          <Text size="sm" fw={600}>
            {memberName(l.member)}
          </Text>
          <Hint>{l.type.name}</Hint>
        </>
      ),
    },
    {
      key: 'price',
      header: 'Cena',
      align: 'right',
      nowrap: true,
      cell: (l, i) => <DiscountedPrice list={l.type.priceGrosze} paid={d.priced.unitGross[i]} />,
    },
    {
      key: 'actions',
      header: (
        <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          Akcje
        </span>
      ),
      td: { ta: 'right', w: 1 },
      cell: (l) => (
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          aria-label={`Usuń bilet: ${memberName(l.member)}`}
          onClick={() =>
            setBasketTicket(c.uid!, l.member.id, null).catch(() =>
              setError('Nie udało się usunąć pozycji. Spróbuj ponownie.'),
            )
          }
        >
          Usuń
        </Button>
      ),
    },
  ];
  const vatRates = [...new Set(c.lines.map((l) => l.type.vatRate))].sort((a, b) => b - a);
  return (
    <>
      <Problems problems={c.problems} />
      <ErrorAlert>{error}</ErrorAlert>
      <Card withBorder radius="lg" padding="md">
        {/* Participant and ticket share a column, so the table fits a 390 px phone with „Usuń” in view. */}
        <DataTable
          label="Bilety w koszyku"
          columns={columns}
          rows={c.lines}
          rowKey={(l) => l.member.id}
          rowProps={() => ({ 'data-testid': 'basket-line' })}
          fit
          striped={false}
          framed={false}
          tableProps={{ horizontalSpacing: 'xs', 'data-testid': 'basket-table' }}
          foot={
            <Table.Tr>
              <Table.Th>Razem</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="basket-total">
                {formatMoney(d.priced.totalGross)}
              </Table.Th>
              <Table.Th />
            </Table.Tr>
          }
        />
        <Hint size="xs" mt="xs">
          Ceny brutto, zawierają VAT ({vatRates.map((r) => `${r}%`).join(', ')}).{' '}
          {d.free
            ? 'Nie ma nic do zapłaty — zamówienie potwierdzimy od razu, bez faktury.'
            : 'Fakturę VAT wystawimy po zaksięgowaniu wpłaty.'}
        </Hint>
      </Card>
      <ReviewStepEnd
        discount={d}
        radius="lg"
        back={{ to: BASKET, label: 'Zmień wybór' }}
        next={
          <Button onClick={onNext} disabled={c.problems.length > 0 || d.blocking !== null}>
            Dalej: dane nabywcy
          </Button>
        }
      />
    </>
  );
}
