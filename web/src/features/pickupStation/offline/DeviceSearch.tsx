import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { Stack, Text } from '@mantine/core';
import { EmptyState } from '../../../shared/ui/DataState';
import type { SearchHit } from '../api';
import { directory, loadedDirectory, type DirectoryIndex } from './deviceStore';
import { searchDevice } from './queue';

/** Offline name or e-mail search in the device's copy of the directory (in memory, read once per version). */
export function DeviceSearch({
  text,
  directoryAt,
  onFound,
  Card,
}: {
  text: string;
  directoryAt: number | null;
  onFound: (uid: string) => void;
  Card: ComponentType<{ hit: SearchHit; onPick: (uid: string) => void }>;
}) {
  // The index in memory answers in the first render; only before it is built does this wait for it.
  const loaded = loadedDirectory();
  const [read, setRead] = useState<DirectoryIndex | null>(null);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    // A failed read shows nothing: the station's status says what keeps the store from being used.
    void directory().then(
      (found) => live && setRead(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [directoryAt, loaded]);
  const index = loaded ?? read;
  const hits = useMemo(() => (index ? searchDevice(index.people, text, 10) : []), [index, text]);
  if (!index) return null;
  if (hits.length === 0)
    return (
      <EmptyState title="Nikogo nie znaleziono w kopii na urządzeniu">
        Sprawdź pisownię albo poproś o kod odbioru.
      </EmptyState>
    );
  return (
    <>
      <Text size="sm" aria-live="polite" data-testid="directory-count">
        Wyniki z kopii na urządzeniu (bez sieci).
      </Text>
      <Stack gap="xs" role="list" aria-label="Wyniki wyszukiwania">
        {hits.map(({ person: p, participant }) => (
          <Card
            key={p.uid}
            hit={{
              uid: p.uid,
              name: p.name,
              email: p.email,
              pickupCode: p.pickupCode,
              ...(participant ? { person: participant } : {}),
            }}
            onPick={onFound}
          />
        ))}
      </Stack>
    </>
  );
}
