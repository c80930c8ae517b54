/** Polish texts for identity-service error codes (PRODUCT.md: wrong password and unknown user share one text). */
const CREDENTIALS = 'Nieprawidłowy adres e-mail lub hasło.';

const messages: Record<string, string> = {
  'auth/wrong-password': CREDENTIALS,
  'auth/user-not-found': CREDENTIALS,
  'auth/invalid-credential': CREDENTIALS,
  'auth/invalid-login-credentials': CREDENTIALS,
  'auth/invalid-email': 'Podaj poprawny adres e-mail.',
  'auth/missing-password': 'Podaj hasło.',
  'auth/user-disabled': 'To konto zostało zablokowane. Skontaktuj się z organizatorem.',
  'auth/email-already-in-use': 'Konto z tym adresem e-mail już istnieje. Zaloguj się lub przypomnij hasło.',
  'auth/weak-password': 'Hasło jest zbyt słabe. Użyj co najmniej 6 znaków.',
  'auth/too-many-requests': 'Zbyt wiele prób. Odczekaj kilka minut i spróbuj ponownie.',
  'auth/network-request-failed': 'Brak połączenia z serwerem. Sprawdź połączenie z internetem i spróbuj ponownie.',
  'auth/popup-closed-by-user': 'Okno logowania zostało zamknięte przed zakończeniem logowania.',
  'auth/requires-recent-login': 'Ze względów bezpieczeństwa zaloguj się ponownie i powtórz operację.',
};

const GENERIC_AUTH_ERROR = 'Nie udało się wykonać operacji. Spróbuj ponownie.';

export function authErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return messages[code] ?? GENERIC_AUTH_ERROR;
}
