import { useEffect, useState } from 'react';
import { Button, SegmentedControl, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
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
import { SectionCard } from '../../shared/ui/SectionCard';
import { Hint } from '../../shared/ui/Hint';

function ColorModeSection() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SectionCard title="Wygląd" description="Tryb kolorów zapamiętamy na tym urządzeniu." testId="settings-color">
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
    </SectionCard>
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
      <SectionCard title="Dane osobowe i do faktury" testId="settings-profile">
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
      </SectionCard>
      <MailPrefsField />
      <ColorModeSection />
      <SectionCard
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
      </SectionCard>
      <SectionCard
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
      </SectionCard>
    </PageFrame>
  );
}
