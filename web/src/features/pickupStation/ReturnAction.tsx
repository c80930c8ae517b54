import { useState } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { useConfirm } from '../../shared/ui/ConfirmAction';
import { InlineConfirm } from '../../shared/ui/InlineConfirm';
import { acceptPickupReturn, type StationItem } from './api';

/**
 * „Przyjmij zwrot” on a handed-out item: staff record that it came back (asked first, because only goods
 * really returned may be recorded). The admin then refunds that line; the station cannot read refunds,
 * so what it shows is the answer of this visit.
 */
export function ReturnAction({ uid, item }: { uid: string; item: StationItem }) {
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  const { busy, error, setError, run } = useConfirm();
  const units = item.quantity > 1 ? ` (${item.quantity} szt.)` : '';
  if (done)
    return (
      <Alert color="green" role="status" mt={4} data-testid="return-accepted">
        Zwrot przyjęty: {item.label}
        {item.quantity > 1 ? ` × ${item.quantity}` : ''}. Organizator może teraz zwrócić pieniądze.
      </Alert>
    );
  if (!asking)
    return (
      <Group mt={4}>
        <Button
          size="md"
          variant="light"
          color="orange"
          onClick={() => setAsking(true)}
          aria-label={`Przyjmij zwrot: ${item.label}`}
        >
          Przyjmij zwrot
        </Button>
      </Group>
    );
  return (
    <InlineConfirm
      mt={4}
      testId="return-confirm"
      question={`Czy ${item.label}${units} wraca do punktu odbioru? Zapisz to dopiero po odebraniu przedmiotu.`}
      busy={busy}
      error={error}
      confirmLabel="Tak, przyjmij zwrot"
      color="orange"
      buttonSize="md"
      onCancel={() => {
        setAsking(false);
        setError(null);
      }}
      onConfirm={() => void run(() => acceptPickupReturn({ uid, itemId: item.id })).then((ok) => ok && setDone(true))}
    />
  );
}
