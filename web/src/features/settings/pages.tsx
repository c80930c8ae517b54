import { useEffect, useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  SegmentedControl,
  Stack,
  Title,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useNavigate } from 'react-router-dom';
import { DataGate, EmptyState } from '../../shared/ui/DataState';
import { refusalOf } from '../../shared/ui/formErrors';
import { PageFrame } from '../../shared/ui/PageFrame';
import { useSession, useUid } from '../auth';
import { MailPrefsField } from '../mail';
import { saveProfile, useGetProfileQuery } from './api';
import { changePassword, deleteAccount, hasPasswordProvider } from './authOps';
import { ChangePasswordForm, DeleteAccountDialog, reauthMessage } from './PasswordForms';
import { ProfileForm } from './ProfileForm';
import { Hint } from '../../shared/ui/Hint';

function Section({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {description && <Hint>{description}</Hint>}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

function ColorModeSection() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Section title="Wygląd" description="Tryb kolorów zapamiętamy na tym urządzeniu." testId="settings-color">
      <SegmentedControl
        aria-label="Tryb kolorów"
        value={colorScheme}
        onChange={(v) => setColorScheme(v as MantineColorScheme)}
        data={[
          { value: 'light', label: 'Jasny' },
          { value: 'dark', label: 'Ciemny' },
          { value: 'auto', label: 'Jak w systemie' },
        ]}
        maw={420}
      />
    </Section>
  );
}

export function SettingsPage() {
  const uid = useUid();
  const profile = useGetProfileQuery(uid ?? skipToken);
  const session = useSession();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [passwordAccount, setPasswordAccount] = useState(true);
  useEffect(() => {
    void hasPasswordProvider().then(setPasswordAccount);
  }, []);

  return (
    <PageFrame>
      <Section title="Dane osobowe i do faktury" testId="settings-profile">
        <DataGate
          query={profile}
          what="profilu"
          isEmpty={!profile.data}
          empty={
            <EmptyState title="Brak danych profilu">
              Rejestracja nie została dokończona. Wyloguj się i zarejestruj ponownie albo skontaktuj się z
              organizatorem.
            </EmptyState>
          }
        >
          {profile.data && (
            <ProfileForm
              key={profile.data.createdAt}
              profile={profile.data}
              onSave={async (edit) => {
                try {
                  await saveProfile(edit);
                  // The header's name comes from the identity record, which updateProfile just updated.
                  session.refresh().catch(() => undefined);
                  return null;
                } catch (error) {
                  const refusal = refusalOf(error);
                  return refusal.reason === 'invalid-input' && refusal.field
                    ? { message: refusal.message, field: refusal.field }
                    : { message: `Nie udało się zapisać danych: ${refusal.message}` };
                }
              }}
            />
          )}
        </DataGate>
      </Section>
      <MailPrefsField />
      <ColorModeSection />
      <Section
        title="Hasło"
        description="Ze względów bezpieczeństwa podaj najpierw obecne hasło."
        testId="settings-password"
      >
        {passwordAccount ? (
          <ChangePasswordForm
            onChange={async (current, next) => {
              try {
                await changePassword(current, next);
                return null;
              } catch (error) {
                return reauthMessage(error);
              }
            }}
          />
        ) : (
          <Hint>Logujesz się przez zewnętrzną usługę — hasło zmienisz u jej dostawcy.</Hint>
        )}
      </Section>
      <Section
        title="Usuń konto"
        description="Usuwa konto i dane osobowe. Faktury zostają zachowane, bo tego wymaga prawo."
        testId="settings-delete"
      >
        <Button color="red" variant="light" onClick={() => setDeleting(true)} maw={240}>
          Usuń konto…
        </Button>
        <DeleteAccountDialog
          opened={deleting}
          onClose={() => setDeleting(false)}
          onDelete={async (password) => {
            try {
              await deleteAccount(password);
            } catch (error) {
              return reauthMessage(error);
            }
            await session.signOut().catch(() => undefined);
            navigate('/', { replace: true, state: { accountDeleted: true } });
            return null;
          }}
        />
      </Section>
    </PageFrame>
  );
}
