/**
 * Stable refusal reasons. A callable refuses with HttpsError(code, message, { reason, field?, ... });
 * the SPA switches on `details.reason` and shows `message` (Polish) next to `details.field`.
 */
export const REFUSALS = {
  'invalid-input': { code: 'invalid-argument', message: 'Nieprawidłowe dane' },
  unauthenticated: { code: 'unauthenticated', message: 'Zaloguj się, aby kontynuować' },
  forbidden: { code: 'permission-denied', message: 'Nie masz uprawnień do tej operacji' },
  'profile-missing': { code: 'failed-precondition', message: 'Najpierw dokończ rejestrację' },
  'profile-exists': { code: 'already-exists', message: 'Rejestracja została już zakończona' },
  'email-unverifiable': { code: 'failed-precondition', message: 'Konto nie ma adresu e-mail' },
  'basket-empty': { code: 'failed-precondition', message: 'Koszyk jest pusty' },
  'basket-in-order': {
    code: 'failed-precondition',
    message: 'Ten koszyk jest właśnie zamawiany (np. w innej karcie przeglądarki) — sprawdź za chwilę swoje zamówienia',
  },
  'basket-changed': {
    code: 'failed-precondition',
    message:
      'Koszyk zmienił się w trakcie składania zamówienia (np. został zamówiony w innej karcie) — sprawdź koszyk i swoje zamówienia',
  },
  'member-missing': { code: 'failed-precondition', message: 'Uczestnik z koszyka już nie istnieje' },
  'ticket-type-missing': { code: 'not-found', message: 'Taki bilet nie istnieje' },
  'ticket-type-inactive': { code: 'failed-precondition', message: 'Ten bilet nie jest w sprzedaży' },
  'sale-not-started': { code: 'failed-precondition', message: 'Sprzedaż tego biletu jeszcze się nie rozpoczęła' },
  'sale-ended': { code: 'failed-precondition', message: 'Sprzedaż tego biletu już się zakończyła' },
  'sold-out': { code: 'resource-exhausted', message: 'Bilety są wyprzedane' },
  'account-limit': { code: 'resource-exhausted', message: 'Przekroczono limit na jedno konto' },
  'members-limit': { code: 'resource-exhausted', message: 'Możesz dodać najwyżej 30 uczestników' },
  'country-missing': { code: 'invalid-argument', message: 'Wybierz kraj z listy' },
  'expired-sold-out': {
    code: 'failed-precondition',
    message: 'Zamówienie wygasło, a zarezerwowanych biletów lub produktów już nie ma — zwróć wpłatę',
  },
  'already-has-ticket': { code: 'already-exists', message: 'Ten uczestnik ma już taki bilet' },
  'product-missing': { code: 'not-found', message: 'Taki produkt nie istnieje' },
  'product-inactive': { code: 'failed-precondition', message: 'Ten produkt nie jest w sprzedaży' },
  'variant-missing': { code: 'not-found', message: 'Taki wariant produktu nie istnieje' },
  'out-of-stock': { code: 'resource-exhausted', message: 'Brak wystarczającej liczby sztuk' },
  'order-missing': { code: 'not-found', message: 'Nie znaleziono zamówienia' },
  'already-paid': { code: 'failed-precondition', message: 'Zamówienie jest już opłacone' },
  'already-cancelled': { code: 'failed-precondition', message: 'Zamówienie jest już anulowane' },
  'payment-provider-unavailable': {
    code: 'unavailable',
    message: 'Płatności online są chwilowo niedostępne — zapłać przelewem tradycyjnym albo spróbuj za chwilę',
  },
  'refund-online-in-progress': {
    code: 'failed-precondition',
    message: 'Ten zwrot idzie przez Przelewy24 — nie oznaczaj go jako przelanego ręcznie',
  },
  'payment-provider-refused': {
    code: 'failed-precondition',
    message: 'Operator płatności odrzucił zwrot — zwróć pieniądze przelewem',
  },
  busy: { code: 'aborted', message: 'Zamówienie jest właśnie przetwarzane — spróbuj ponownie za chwilę' },
  'try-again': { code: 'aborted', message: 'Zbyt wiele osób kupuje w tej chwili — spróbuj ponownie' },
  maintenance: {
    code: 'aborted',
    message: 'Trwa przeliczanie dostępności biletów i produktów — spróbuj ponownie za kilka sekund',
  },
  'orders-in-progress': {
    code: 'aborted',
    message: 'Właśnie składane są zamówienia — spróbuj przeliczyć rezerwacje za chwilę',
  },
  'reconcile-running': { code: 'aborted', message: 'Przeliczanie rezerwacji już trwa' },
  'idempotency-conflict': {
    code: 'failed-precondition',
    message: 'Ten klucz żądania został już użyty do innego zamówienia',
  },
  'event-missing': { code: 'failed-precondition', message: 'Organizator nie uzupełnił danych wydarzenia' },
  'pickup-missing': { code: 'not-found', message: 'Nie znaleziono pozycji do odbioru' },
  'already-picked': { code: 'failed-precondition', message: 'Ta pozycja została już wydana' },
  'user-missing': { code: 'not-found', message: 'Nie znaleziono użytkownika' },
  'own-admin-role': {
    code: 'failed-precondition',
    message: 'Nie możesz odebrać uprawnień administratora samemu sobie',
  },
  'stock-below-sold': {
    code: 'failed-precondition',
    message: 'Stan nie może być mniejszy niż liczba sprzedanych sztuk',
  },
  'variant-has-sales': { code: 'failed-precondition', message: 'Nie można usunąć wariantu, który był już sprzedawany' },
  'already-archived': { code: 'failed-precondition', message: 'Ta pozycja jest już w archiwum' },
  'not-archived': { code: 'not-found', message: 'Nie ma takiej pozycji w archiwum' },
  'invoice-missing': { code: 'not-found', message: 'Nie znaleziono faktury' },
  'ksef-invalid': {
    code: 'failed-precondition',
    message: 'Z danych tej faktury nie da się utworzyć poprawnego pliku FA(3) dla KSeF',
  },
  'ksef-already-recorded': { code: 'already-exists', message: 'Ta faktura ma już zapisany inny numer KSeF' },
  'ksef-no-outage': { code: 'failed-precondition', message: 'Nie ogłoszono awarii KSeF — nie ma czego kończyć' },
  'ksef-number-used': { code: 'already-exists', message: 'Ten numer KSeF jest już zapisany przy innej fakturze' },
  'order-not-paid': { code: 'failed-precondition', message: 'Zwrot jest możliwy tylko dla opłaconego zamówienia' },
  'refund-line-missing': { code: 'invalid-argument', message: 'Tej pozycji nie ma w zamówieniu' },
  'refund-nothing-left': { code: 'failed-precondition', message: 'Ta pozycja została już zwrócona' },
  'refund-amount-too-high': { code: 'invalid-argument', message: 'Kwota zwrotu przekracza kwotę możliwą do zwrotu' },
  'refund-amount-invalid': { code: 'invalid-argument', message: 'Kwota zwrotu musi być większa od zera' },
  'refund-open': { code: 'already-exists', message: 'Dla tej pozycji jest już otwarta prośba o zwrot' },
  'refund-request-missing': { code: 'not-found', message: 'Nie znaleziono prośby o zwrot' },
  'refund-decided': { code: 'failed-precondition', message: 'O tej prośbie o zwrot już zdecydowano' },
  'refund-goods-not-returned': {
    code: 'failed-precondition',
    message:
      'Towar został już wydany — najpierw przyjmij zwrot w punkcie odbioru albo zwróć pieniądze bez zwrotu towaru',
  },
  'refund-missing': { code: 'not-found', message: 'Nie znaleziono zwrotu' },
  'refund-already-transferred': { code: 'failed-precondition', message: 'Ten zwrot jest już oznaczony jako przelany' },
  'pickup-not-picked': {
    code: 'failed-precondition',
    message: 'Ta pozycja nie została wydana — nie ma czego przyjmować',
  },
  'conflict-missing': { code: 'not-found', message: 'Nie ma takiego konfliktu wydań' },
  'conflict-settled': {
    code: 'failed-precondition',
    message: 'Ten konflikt rozstrzygnięto już inaczej — odśwież listę',
  },
  'discount-missing': { code: 'not-found', message: 'Nie ma takiego kodu rabatowego' },
  'discount-not-started': { code: 'failed-precondition', message: 'Ten kod rabatowy nie jest jeszcze ważny' },
  'discount-expired': { code: 'failed-precondition', message: 'Ten kod rabatowy wygasł' },
  'discount-not-applicable': {
    code: 'failed-precondition',
    message: 'Ten kod rabatowy nie obejmuje niczego w koszyku',
  },
  'discount-used-up': { code: 'resource-exhausted', message: 'Ten kod rabatowy został już wykorzystany' },
  'discount-exists': { code: 'already-exists', message: 'Taki kod rabatowy już istnieje' },
  'discount-checks-limit': {
    code: 'resource-exhausted',
    message: 'Za dużo prób wpisania kodu rabatowego — spróbuj ponownie za minutę',
  },
  'waiting-already': { code: 'already-exists', message: 'Ten uczestnik już czeka na liście' },
  'waiting-list-full': { code: 'resource-exhausted', message: 'Lista oczekujących jest pełna' },
  'waiting-entry-missing': { code: 'not-found', message: 'Tego wpisu nie ma już na liście oczekujących' },
  'waiting-not-needed': { code: 'failed-precondition', message: 'Bilety są jeszcze dostępne — dodaj bilet do koszyka' },
  'waiting-closed': { code: 'failed-precondition', message: 'Na ten bilet nie prowadzimy już listy oczekujących' },
  'stored-data-invalid': {
    code: 'data-loss',
    message: 'Zapisane dane są nieprawidłowe — nie można dokończyć operacji',
  },
  internal: { code: 'internal', message: 'Wystąpił błąd serwera — spróbuj ponownie później' },
} as const;

export type RefusalReason = keyof typeof REFUSALS;

/** Refusals that pass: the same call a moment later may go through (contention, a record being worked on). */
export const PASSING_REFUSALS: ReadonlySet<string> = new Set<RefusalReason>(['busy', 'try-again', 'maintenance']);

/** What `HttpsError.details` carries on every refusal. */
export interface RefusalDetails {
  reason: RefusalReason;
  /** The Polish message again: the web SDK decorates error.message with the HTTP status, so show this one. */
  message?: string;
  field?: string;
  /** Name of the item that ran out / is unavailable, for messages like „Koszulka (M)”. */
  item?: string;
  /** For a second hand-out: who handed the item out and when (ms). */
  pickedBy?: string;
  pickedAt?: number;
  [key: string]: unknown;
}
