import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { loadAuth, loadAuthExtras } from '../../shared/firebase';
import { authErrorMessage } from '../../shared/firebase/authErrors';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { EmailField } from '../../shared/ui/PersonFields';
import { looksLikeEmail } from './emailCheck';
import { useLightForm } from './lightForm';
import { Hint } from '../../shared/ui/Hint';

/** Where the e-mail of a pending link sign-in waits, so the link opened in the same browser needs no retyping. */
const EMAIL_FOR_LINK_KEY = 'panel.emailForSignIn';

const LINK_ERRORS: Record<string, string> = {
  'auth/invalid-action-code': 'Ten link logowania jest nieprawidłowy albo został już użyty. Wyślij nowy.',
  'auth/expired-action-code': 'Ten link logowania wygasł. Wyślij nowy.',
  'auth/invalid-email': 'Podaj adres e-mail, na który wysłano link.',
  'auth/popup-blocked':
    'Przeglądarka zablokowała okno logowania. Zezwól na wyskakujące okna dla tej strony i spróbuj ponownie.',
  'auth/account-exists-with-different-credential': 'Konto z tym adresem e-mail już istnieje. Zaloguj się hasłem.',
};

function message(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return LINK_ERRORS[code] ?? authErrorMessage(error);
}

/** The popup resolver and the e-mail link functions come with the account-management extras, loaded on first use. */
const loadFederated = () => Promise.all([loadAuth(), loadAuthExtras()]);

function GoogleIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden>
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/**
 * "Zaloguj przez Google" (popup; the Auth emulator shows its own test provider page) and
 * "Zaloguj linkiem e-mail" (sends the link; completes the sign-in when the page is opened from it).
 * A successful sign-in reaches the store through the session's token listener, and the sign-in page
 * then moves on by itself.
 */
export function AlternativeSignIn() {
  const [busy, setBusy] = useState<'google' | 'link' | 'complete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const form = useLightForm(
    { email: '' },
    {
      email: (value) =>
        value.trim() === '' ? 'Podaj adres e-mail' : looksLikeEmail(value) ? null : 'Nieprawidłowy adres e-mail',
    },
  );
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** Opened from a link but in another browser: the e-mail has to be typed to finish. */
  const [needsEmailToComplete, setNeedsEmailToComplete] = useState(false);
  const started = useRef(false);

  async function completeLink(address: string) {
    setBusy('complete');
    setError(null);
    try {
      const [{ auth }, sdk] = await loadFederated();
      await sdk.signInWithEmailLink(auth, address, window.location.href);
      localStorage.removeItem(EMAIL_FOR_LINK_KEY);
      // The one-time code must not stay in the address bar (or in the history).
      const url = new URL(window.location.href);
      for (const p of ['apiKey', 'oobCode', 'mode', 'lang', 'continueUrl']) url.searchParams.delete(p);
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
    } catch (e) {
      setError(message(e));
      setBusy(null);
    }
  }

  useEffect(() => {
    if (started.current || !/[?&]oobCode=/.test(window.location.search)) return;
    started.current = true;
    void loadFederated().then(([{ auth }, sdk]) => {
      if (!sdk.isSignInWithEmailLink(auth, window.location.href)) return;
      const saved = localStorage.getItem(EMAIL_FOR_LINK_KEY);
      if (saved) void completeLink(saved);
      else {
        setLinkOpen(true);
        setNeedsEmailToComplete(true);
      }
    });
  }, []);

  async function google() {
    setBusy('google');
    setError(null);
    try {
      const [{ auth }, sdk] = await loadFederated();
      const provider = new sdk.GoogleAuthProvider();
      provider.setCustomParameters({ prompt: 'select_account' });
      await sdk.signInWithPopup(auth, provider, sdk.browserPopupRedirectResolver);
    } catch (e) {
      const code = typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : '';
      // Closing the popup is a choice, not an error worth a red box.
      if (code !== 'auth/cancelled-popup-request' && code !== 'auth/popup-closed-by-user') setError(message(e));
      setBusy(null);
    }
  }

  const sendLink = form.onSubmit(async ({ email }) => {
    const address = email.trim().toLowerCase();
    if (needsEmailToComplete) {
      await completeLink(address);
      return;
    }
    setBusy('link');
    setError(null);
    try {
      const [{ auth }, sdk] = await loadFederated();
      // Back to this page (with the "next" target the visitor was headed for), where the sign-in completes.
      await sdk.sendSignInLinkToEmail(auth, address, { url: window.location.href, handleCodeInApp: true });
      localStorage.setItem(EMAIL_FOR_LINK_KEY, address);
      setSentTo(address);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(null);
    }
  });

  return (
    <Stack gap="sm" mt="lg" data-testid="alternative-sign-in">
      <Divider label="albo" labelPosition="center" />
      <ErrorAlert testId="alternative-sign-in-error">{error}</ErrorAlert>
      {busy === 'complete' && (
        <Alert color="baltyk" variant="light" role="status">
          Logowanie linkiem…
        </Alert>
      )}
      <Button
        variant="default"
        size="md"
        fullWidth
        leftSection={<GoogleIcon />}
        onClick={() => void google()}
        loading={busy === 'google'}
        disabled={busy !== null && busy !== 'google'}
      >
        Zaloguj przez Google
      </Button>
      <Button
        variant="subtle"
        size="md"
        fullWidth
        onClick={() => setLinkOpen((o) => !o)}
        aria-expanded={linkOpen}
        aria-controls="email-link-form"
      >
        Zaloguj linkiem e-mail
      </Button>
      {linkOpen && (
        <form id="email-link-form" onSubmit={sendLink} noValidate aria-label="Logowanie linkiem e-mail">
          {sentTo ? (
            <Alert color="teal" variant="light" role="status" data-testid="email-link-sent">
              Wysłaliśmy link logowania na adres <strong>{sentTo}</strong>. Otwórz go w tej przeglądarce, aby się
              zalogować. Link jest jednorazowy.
            </Alert>
          ) : (
            <Stack gap="sm">
              <Hint>
                {needsEmailToComplete
                  ? 'Link otwarto w innej przeglądarce. Podaj adres e-mail, na który go wysłaliśmy, aby dokończyć logowanie.'
                  : 'Wyślemy jednorazowy link — zalogujesz się bez hasła.'}
              </Hint>
              <EmailField label="E-mail do linku logowania" name="email-link" {...form.getInputProps('email')} />
              <Button type="submit" variant="light" loading={busy === 'link' || busy === 'complete'}>
                {needsEmailToComplete ? 'Dokończ logowanie' : 'Wyślij link'}
              </Button>
            </Stack>
          )}
        </form>
      )}
    </Stack>
  );
}
