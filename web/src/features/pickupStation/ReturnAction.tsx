import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { refusalOf } from '../../shared/ui/formErrors';
import { acceptPickupReturn, type StationItem } from './api';

/**
 * „Przyjmij zwrot” on a handed-out item: staff record that it came back (asked first, because only goods
 * really returned may be recorded). The admin then refunds that line; the station cannot read refunds,
 * so what it shows is the answer of this visit.
 */
export function ReturnAction({ uid, item }: { uid: string; item: StationItem }) {
  const [state, setState] = useState<'idle' | 'confirm' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  async function accept() {
    setState('busy');
    setError(null);
    try {
      await acceptPickupReturn({ uid, itemId: item.id });
      setState('done');
    } catch (err) {
      setError(refusalOf(err).message);
      setState('confirm');
    }
  }
  if (state === 'done')
    return (
      <Alert color="green" role="status" mt={4} data-testid="return-accepted">
        Zwrot przyjęty: {item.label}
        {item.quantity > 1 ? ` × ${item.quantity}` : ''}. Organizator może teraz zwrócić pieniądze.
      </Alert>
    );
  if (state === 'idle')
    return (
      <Group mt={4}>
        <Button
          size="md"
          variant="light"
          color="orange"
          onClick={() => setState('confirm')}
          aria-label={`Przyjmij zwrot: ${item.label}`}
        >
          Przyjmij zwrot
        </Button>
      </Group>
    );
  return (
    <Stack gap={6} mt={4} data-testid="return-confirm">
      <Text size="sm">
        Czy {item.label}
        {item.quantity > 1 ? ` (${item.quantity} szt.)` : ''} wraca do punktu odbioru? Zapisz to dopiero po odebraniu
        przedmiotu.
      </Text>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group gap="xs">
        <Button size="md" color="orange" loading={state === 'busy'} onClick={() => void accept()}>
          Tak, przyjmij zwrot
        </Button>
        <Button size="md" variant="default" disabled={state === 'busy'} onClick={() => setState('idle')}>
          Anuluj
        </Button>
      </Group>
    </Stack>
  );
}
