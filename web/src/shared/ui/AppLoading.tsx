import { Center, Loader } from '@mantine/core';

/** Shown while the first route's guards and chunk load. */
export function AppLoading() {
  return (
    <Center mih="60vh">
      <Loader role="status" aria-label="Wczytywanie…" />
    </Center>
  );
}
