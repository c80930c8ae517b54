import { useState } from 'react';
import { Card, Stack, Switch, Title } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { LoadingRows } from '../../shared/ui/DataState';
import { useUid } from '../auth';
import { saveMailPrefs, useGetMailPrefsQuery } from './api';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { Hint } from '../../shared/ui/Hint';

/**
 * Settings: the participant turns off the e-mails that are not about their orders (welcome, hand-out
 * receipts). Order, payment, invoice and refund messages are always sent.
 */
export function MailPrefsField() {
  const uid = useUid();
  const prefs = useGetMailPrefsQuery(uid ?? skipToken);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (optional: boolean) => {
    if (!uid) return;
    setSaving(true);
    setError(null);
    try {
      await saveMailPrefs(uid, optional);
    } catch {
      setError('Nie udało się zapisać ustawienia. Sprawdź połączenie i spróbuj ponownie.');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-label="Powiadomienia e-mail"
      data-testid="settings-mail"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            Powiadomienia e-mail
          </Title>
          <Hint>Wiadomości o zamówieniach, płatnościach, fakturach i zwrotach wysyłamy zawsze.</Hint>
        </Stack>
        {prefs.isLoading || !prefs.data ? (
          <LoadingRows rows={1} label="Wczytywanie ustawień powiadomień" />
        ) : (
          <Switch
            checked={prefs.data.optional}
            disabled={saving}
            onChange={(e) => void change(e.currentTarget.checked)}
            label="Wiadomości dodatkowe"
            description="Powitanie po rejestracji i potwierdzenie odbioru przedmiotów w punkcie odbioru."
            data-testid="mail-optional-switch"
          />
        )}
        <ErrorAlert>{error}</ErrorAlert>
      </Stack>
    </Card>
  );
}
