import { useState } from 'react';
import { Switch } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { DataGate } from '../../shared/ui/DataState';
import { useUid } from '../auth';
import { saveMailPrefs, useGetMailPrefsQuery } from './api';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { SectionCard } from '../../shared/ui/SectionCard';

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
    <SectionCard
      title="Powiadomienia e-mail"
      description="Wiadomości o zamówieniach, płatnościach, fakturach i zwrotach wysyłamy zawsze."
      testId="settings-mail"
    >
      <DataGate
        query={{ isLoading: !uid || prefs.isLoading, isError: prefs.isError, error: prefs.error }}
        rows={1}
        what="ustawień powiadomień"
        onRetry={() => void prefs.refetch()}
      >
        {prefs.data && (
          <Switch
            checked={prefs.data.optional}
            disabled={saving}
            onChange={(e) => void change(e.currentTarget.checked)}
            label="Wiadomości dodatkowe"
            description="Powitanie po rejestracji i potwierdzenie odbioru przedmiotów w punkcie odbioru."
            data-testid="mail-optional-switch"
          />
        )}
      </DataGate>
      <ErrorAlert>{error}</ErrorAlert>
    </SectionCard>
  );
}
