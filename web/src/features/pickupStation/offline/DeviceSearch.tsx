import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { Stack, Text } from '@mantine/core';
import { EmptyState } from '../../../shared/ui/DataState';
import type { SearchHit } from '../api';
import { allPeople } from './deviceStore';
import { searchDevice, type DevicePerson } from './queue';

let cache: { at: number | null; people: Promise<DevicePerson[]> } | null = null;
/** The device's copy, read once per version of it: a search runs in memory. */
function peopleAt(at: number | null): Promise<DevicePerson[]> {
  if (!cache || cache.at !== at) cache = { at, people: allPeople() };
  return cache.people;
}

/** Offline name or e-mail search in the device's copy of the directory. */
export function DeviceSearch({ text, directoryAt, onFound, Card }: { text: string; directoryAt: number | null; onFound: (uid: string) => void; Card: ComponentType<{ hit: SearchHit; onPick: (uid: string) => void }> }) {
  const [people, setPeople] = useState<DevicePerson[] | null>(null);
  useEffect(() => {
    let live = true;
    void peopleAt(directoryAt).then((all) => live && setPeople(all));
    return () => {
      live = false;
    };
  }, [directoryAt]);
  const hits = useMemo(() => (people ? searchDevice(people, text, 10) : []), [people, text]);
  if (!people) return null;
  if (hits.length === 0) return <EmptyState title="Nikogo nie znaleziono w kopii na urządzeniu">Sprawdź pisownię albo poproś o kod odbioru.</EmptyState>;
  return (
    <>
      <Text size="sm" aria-live="polite" data-testid="directory-count">
        Wyniki z kopii na urządzeniu (bez sieci).
      </Text>
      <Stack gap="xs" role="list" aria-label="Wyniki wyszukiwania">
        {hits.map((p) => (
          <Card key={p.uid} hit={{ uid: p.uid, name: p.name, email: p.email, pickupCode: p.pickupCode }} onPick={onFound} />
        ))}
      </Stack>
    </>
  );
}
