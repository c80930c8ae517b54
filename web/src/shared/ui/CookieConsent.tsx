import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { hasConsented, saveConsent } from '../cookies';
import classes from './CookieConsent.module.css';

/** Bottom dark-blue consent bar; disappears for a year once accepted. */
export function CookieConsent() {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || !hasConsented());
  if (!visible) return null;
  return (
    <section className={classes.bar} role="region" aria-label="Zgoda na pliki cookie" data-testid="cookie-consent">
      <Group justify="space-between" wrap="wrap" gap="sm" className={classes.inner}>
        <Text size="sm" className={classes.text}>
          Używamy wyłącznie plików cookie i pamięci przeglądarki niezbędnych do działania panelu (logowanie, ustawienia
          wyglądu). Nie stosujemy plików cookie reklamowych ani analitycznych.
        </Text>
        <Button
          color="white"
          variant="white"
          c="#0a2a66"
          onClick={() => {
            saveConsent();
            setVisible(false);
          }}
        >
          Rozumiem i akceptuję
        </Button>
      </Group>
    </section>
  );
}
