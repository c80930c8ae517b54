// End-to-end journey of a new participant (issue 5, part A) in Chromium against the real local stack:
// registration wizard, sign out and in, password reminder through the Auth emulator, participants,
// ticket purchase with bank-transfer instructions, settings, account deletion; screenshots of each
// main screen on a phone and a desktop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../helpers/browser';
import { accountsRequest } from '../helpers/stackHttp.mjs';
import { sharedStack } from './support/shared';
import { settled, stackClient, submitSignIn } from './support/stack';

// The stack every file shares (globalSetup.ts), known as the file loads.
const stack = sharedStack();
const web = stack.urls.web;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: Error[];

const EMAIL = `marta.nowak-${Date.now()}@example.com`;
const FIRST_PASSWORD = 'Latarnia2027';
const NEW_PASSWORD = 'Bryza-nowe-hasło-7';
let password = FIRST_PASSWORD;
let orderId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { viewport: 'desktop' });
  page = await context.newPage();
  pageErrors = collectPageErrors(page);
});

afterAll(async () => {
  await browser?.close();
});

/** Reads a database path as the Admin SDK would (the emulator accepts the `owner` token). */
const dbGet = <T>(path: string, query = '') => stackClient(stack).dbGet<T>(path, query);

async function acceptCookies(p: Page) {
  const button = p.getByRole('button', { name: 'Rozumiem i akceptuję' });
  await button.waitFor();
  await button.click();
  // Pressed on the prerendered shell, the press is replayed by the app once it takes over: until then
  // the shell's bar and the app's (in the still hidden root) are both in the page.
  await expect.poll(() => p.getByTestId('cookie-consent').count()).toBe(0);
}

async function signOut(p: Page) {
  await p.getByTestId('user-menu').click();
  await p.getByRole('menuitem', { name: 'Wyloguj się' }).click();
  await p.waitForURL(`${web}/`);
  await p.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
}

describe('participant journey in Chromium', () => {
  it('keeps later registration steps out of reach until the earlier ones are valid', async () => {
    const ctx = await newContext(browser);
    const p = await ctx.newPage();
    await p.goto(`${web}/rejestracja/registration_steps/StepThree`);
    await p.waitForURL(`${web}/rejestracja/registration_steps/StepOne`);
    await p.goto(`${web}/rejestracja`);
    await p.waitForURL(`${web}/rejestracja/registration_steps/StepOne`);
    await ctx.close();
  });

  it('registers a new user through all steps, keeping data when going back', async () => {
    await page.goto(`${web}/rejestracja`);
    await page.waitForURL(`${web}/rejestracja/registration_steps/StepOne`);
    await acceptCookies(page);

    // Validation messages first.
    await page.getByRole('button', { name: 'Dalej: dane osobowe' }).click();
    await page.getByText('Podaj hasło').waitFor();
    expect(page.url()).toBe(`${web}/rejestracja/registration_steps/StepOne`);

    await page.getByLabel('Adres e-mail').fill(EMAIL);
    await page.locator('input[name="password"]').fill('abc');
    await page.getByTestId('password-strength').waitFor();
    expect(await page.getByTestId('password-strength').textContent()).toContain('Siła hasła');
    await page.locator('input[name="password"]').fill(FIRST_PASSWORD);
    await page.locator('input[name="passwordRepeat"]').fill(`${FIRST_PASSWORD}x`);
    await page.getByRole('button', { name: 'Dalej: dane osobowe' }).click();
    await page.getByText('Hasła nie są takie same').waitFor();
    await page.locator('input[name="passwordRepeat"]').fill(FIRST_PASSWORD);
    await screenshot(page, 'participant-a-register-step1-desktop');
    await page.getByRole('button', { name: 'Dalej: dane osobowe' }).click();
    await page.waitForURL(`${web}/rejestracja/registration_steps/StepTwo`);

    await page.getByLabel('Imię').fill('Marta');
    await page.getByLabel('Nazwisko').fill('Nowak');
    await page.getByLabel('Telefon').fill('+48 600 100 200');
    // Poland is preselected: the form sends its code and shows its Polish name once /countries has loaded.
    expect(await page.locator('input[name="country"]').inputValue()).toBe('PL');
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('input')).some(
        (input) => input.type !== 'hidden' && input.value === 'Polska',
      ),
    );

    // Back and forward: everything typed is still there.
    await page.getByRole('button', { name: 'Wstecz' }).click();
    await page.waitForURL(`${web}/rejestracja/registration_steps/StepOne`);
    expect(await page.getByLabel('Adres e-mail').inputValue()).toBe(EMAIL);
    expect(await page.locator('input[name="password"]').inputValue()).toBe(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Dalej: dane osobowe' }).click();
    await page.waitForURL(`${web}/rejestracja/registration_steps/StepTwo`);
    expect(await page.getByLabel('Imię').inputValue()).toBe('Marta');
    expect(await page.getByLabel('Telefon').inputValue()).toBe('+48 600 100 200');
    // The password is never written to storage.
    const stored = await page.evaluate(
      () => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }),
    );
    expect(stored).not.toContain(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Dalej: zgody' }).click();
    await page.waitForURL(`${web}/rejestracja/registration_steps/StepThree`);

    await page.getByRole('button', { name: 'Załóż konto' }).click();
    await page.getByText('Zaakceptuj regulamin').waitFor();
    await page.getByLabel(/Akceptuję regulamin wydarzenia/).check();
    await page.getByLabel(/przetwarzanie moich danych osobowych/).check();
    await screenshot(page, 'participant-a-register-step3-desktop');
    await page.getByRole('button', { name: 'Załóż konto' }).click();
    await page.waitForURL(`${web}/rejestracja/registration_steps/SuccessStep`, { timeout: 30_000 });
    await page.getByTestId('registration-success').waitFor();
    expect(await page.getByTestId('registration-success').textContent()).toContain(EMAIL);
    await screenshot(page, 'participant-a-register-success-desktop');

    const profiles = await dbGet<Record<string, { email: string; firstName: string; consents: { terms: boolean } }>>(
      'profiles',
      `&orderBy="email"&equalTo="${EMAIL}"`,
    );
    const [profile] = Object.values(profiles);
    expect(profile.firstName).toBe('Marta');
    expect(profile.consents.terms).toBe(true);

    await page.getByRole('link', { name: 'Przejdź do panelu' }).click();
    await page.waitForURL(`${web}/dashboard`);
    await page.getByTestId('event-card').getByText('Zlot Morski 2027').waitFor();
  });

  it('refuses a second registration with the same e-mail with a Polish message on StepOne', async () => {
    const ctx = await newContext(browser);
    const p = await ctx.newPage();
    await p.goto(`${web}/rejestracja/registration_steps/StepOne`);
    await acceptCookies(p);
    await p.getByLabel('Adres e-mail').fill(EMAIL);
    await p.locator('input[name="password"]').fill('Inne-haslo-123');
    await p.locator('input[name="passwordRepeat"]').fill('Inne-haslo-123');
    await p.getByRole('button', { name: 'Dalej: dane osobowe' }).click();
    await p.getByLabel('Imię').fill('Ktoś');
    await p.getByLabel('Nazwisko').fill('Inny');
    await p.getByLabel('Telefon').fill('600100200');
    await p.getByRole('button', { name: 'Dalej: zgody' }).click();
    await p.getByLabel(/Akceptuję regulamin wydarzenia/).check();
    await p.getByLabel(/przetwarzanie moich danych osobowych/).check();
    await p.getByRole('button', { name: 'Załóż konto' }).click();
    await p.waitForURL(`${web}/rejestracja/registration_steps/StepOne`);
    expect(await p.getByTestId('email-in-use').textContent()).toContain('Konto z tym adresem e-mail już istnieje');
    await ctx.close();
  });

  it('signs out and back in', async () => {
    await signOut(page);
    await submitSignIn(page, web, { email: EMAIL, password: password });
    await page.getByTestId('event-card').waitFor();
  });

  it('sends a password reset with one neutral answer and accepts the new password from the link', async () => {
    await signOut(page);
    await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click();
    await page.waitForURL(`${web}/remindPassword`);
    await page.getByLabel('Adres e-mail').fill(`nikt-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Wyślij link' }).click();
    const unknownText = (await page.getByTestId('reset-sent').textContent())!.replace(/\S+@example\.com/, '<e-mail>');

    await page.goto(`${web}/remindPassword`);
    await page.getByLabel('Adres e-mail').fill(EMAIL);
    await page.getByRole('button', { name: 'Wyślij link' }).click();
    const knownText = (await page.getByTestId('reset-sent').textContent())!.replace(/\S+@example\.com/, '<e-mail>');
    expect(knownText).toBe(unknownText);
    await screenshot(page, 'participant-a-remind-password-desktop');

    const codes = (await (
      await fetch(`${stack.urls.auth}/emulator/v1/projects/${stack.projectId}/oobCodes`)
    ).json()) as {
      oobCodes: { email: string; requestType: string; oobCode: string; oobLink: string }[];
    };
    const reset = codes.oobCodes.filter((c) => c.email === EMAIL && c.requestType === 'PASSWORD_RESET').at(-1);
    expect(reset?.oobLink).toContain('mode=resetPassword');
    // What the link's page does: set the new password with the code from the link.
    const oobCode = new URL(reset!.oobLink).searchParams.get('oobCode');
    const response = await accountsRequest(stack.urls.auth!, 'resetPassword', { oobCode, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    password = NEW_PASSWORD;

    await page.goto(`${web}/`);
    await page.getByLabel('Adres e-mail').fill(EMAIL);
    await page.locator('input[name="password"]').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await page.getByTestId('sign-in-error').waitFor();
    await submitSignIn(page, web, { email: EMAIL, password: NEW_PASSWORD });
  });

  it('adds two participants (with validation) and refuses nothing yet', async () => {
    await page.goto(`${web}/dashboard/uczestnicy`);
    await page.getByTestId('member-card').first().waitFor();
    expect(await page.getByTestId('member-card').count()).toBe(1); // the account holder
    await page.getByRole('link', { name: 'Dodaj uczestnika' }).first().click();
    await page.waitForURL(`${web}/dashboard/uczestnicy/member/addMember`);
    await page.locator('form').getByRole('button', { name: 'Dodaj uczestnika' }).click();
    await page.getByText('Podaj imię').waitFor();
    await page.getByLabel('Imię').fill('Jan');
    await page.getByLabel('Nazwisko').fill('Nowak');
    await page.getByLabel('Rok urodzenia').fill('1984');
    await screenshot(page, 'participant-a-add-member-desktop');
    await page.locator('form').getByRole('button', { name: 'Dodaj uczestnika' }).click();
    await page.waitForURL(`${web}/dashboard/uczestnicy`);
    await page.getByTestId('member-added').waitFor();

    await page.getByRole('link', { name: 'Dodaj uczestnika' }).first().click();
    await page.getByLabel('Imię').fill('Zosia');
    await page.getByLabel('Nazwisko').fill('Nowak');
    await page.getByLabel('Rok urodzenia').fill('2016');
    await page.locator('form').getByRole('button', { name: 'Dodaj uczestnika' }).click();
    await page.waitForURL(`${web}/dashboard/uczestnicy`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="member-card"]').length === 3);
    await screenshot(page, 'participant-a-members-desktop');

    // Details and edit.
    await page.getByRole('link', { name: 'Szczegóły: Jan Nowak' }).click();
    await page.getByRole('button', { name: 'Edytuj dane' }).click();
    await page.getByLabel('Rok urodzenia').fill('1985');
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.getByText('Zapisano zmiany.').waitFor();
    await page.getByText('1985', { exact: true }).waitFor();
    await screenshot(page, 'participant-a-member-detail-desktop');
    await page.goto(`${web}/dashboard/uczestnicy`);
  });

  it('buys tickets for both: basket, review, buyer data, one order despite a double click, transfer instructions', async () => {
    await page.getByRole('link', { name: 'Kup bilety' }).click();
    await page.waitForURL(`${web}/dashboard/uczestnicy/TicketBasket`);
    await page.getByTestId('ticket-chooser').first().waitFor();
    const nextButton = page.getByRole('link', { name: 'Dalej: przegląd' });
    expect(await nextButton.getAttribute('data-disabled')).toBe('true');
    await page.getByRole('radio', { name: 'Karnet 3-dniowy — Jan Nowak' }).check();
    await page.getByRole('radio', { name: 'Bilet dziecięcy (4–12 lat) — Zosia Nowak' }).check();
    await page.getByTestId('ticket-summary').getByText('Biletów w koszyku: 2').waitFor();
    await screenshot(page, 'participant-a-ticket-basket-desktop');
    await nextButton.click();
    await page.waitForURL(`${web}/dashboard/uczestnicy/basket/TicketsStepOne`);
    await page.getByTestId('basket-line').nth(1).waitFor();
    expect(await page.getByTestId('basket-total').textContent()).toBe('228,00\u00a0zł');
    await screenshot(page, 'participant-a-tickets-step1-desktop');
    await page.getByRole('button', { name: 'Dalej: dane nabywcy' }).click();
    await page.waitForURL(`${web}/dashboard/uczestnicy/basket/TicketsStepTwo`);

    expect(await page.getByLabel('Imię i nazwisko').inputValue()).toBe('Marta Nowak');
    // A company needs a valid NIP.
    await page.getByText('Firmę').click();
    await page.getByLabel('Nazwa firmy').fill('Nowak Żagle sp. z o.o.');
    await page.getByRole('textbox', { name: /^NIP/ }).fill('123-456-78-90');
    await page.getByLabel('Ulica i numer').fill('ul. Portowa 5');
    await page.getByLabel('Kod pocztowy').fill('76-270');
    await page.getByLabel('Miejscowość').fill('Ustka');
    await page.getByRole('button', { name: 'Zamawiam i płacę przelewem' }).click();
    await page.getByText('Nieprawidłowy NIP').waitFor();
    await page.getByText('Zaakceptuj regulamin sprzedaży').waitFor();
    await page.getByRole('textbox', { name: /^NIP/ }).fill('839-201-74-64');
    await page.getByLabel(/Akceptuję regulamin sprzedaży/).check();
    await screenshot(page, 'participant-a-tickets-step2-desktop');
    await page.getByRole('button', { name: 'Zamawiam i płacę przelewem' }).dblclick();
    await page.getByTestId('order-confirmation').waitFor({ timeout: 30_000 });

    const number = (await page.getByTestId('order-number').textContent())!;
    expect(number).toMatch(/^ZAM\/\d{4}\/\d{6}$/);
    expect(await page.getByTestId('order-status').textContent()).toBe('oczekuje na płatność');
    expect(await page.getByTestId('transfer-title').textContent()).toBe(number);
    expect(await page.getByTestId('transfer-amount').textContent()).toBe('228,00\u00a0zł');
    expect(await page.getByTestId('transfer-account').textContent()).toBe('22 1020 4795 0000 1234 5678 9012');
    await page.getByRole('button', { name: 'Kopiuj: tytuł przelewu' }).click();
    await page.getByRole('button', { name: 'Skopiowano: tytuł przelewu' }).waitFor();
    await screenshot(page, 'participant-a-order-confirmation-desktop');

    orderId = new URL(page.url()).searchParams.get('zamowienie')!;
    const order = await dbGet<{
      uid: string;
      number: string;
      totals: { gross: number };
      buyer: { invoice: { nip: string } };
    }>(`orders/${orderId}`);
    expect(order.number).toBe(number);
    expect(order.totals.gross).toBe(22800);
    expect(order.buyer.invoice.nip).toBe('8392017464');
    const mine = await dbGet<Record<string, unknown>>('orders', `&orderBy="uid"&equalTo="${order.uid}"`);
    expect(Object.keys(mine)).toHaveLength(1);
  });

  it('refuses to delete a participant with a ticket and says why', async () => {
    await page.goto(`${web}/dashboard/uczestnicy`);
    await page.getByRole('link', { name: 'Usuń: Jan Nowak' }).click();
    await page.getByTestId('delete-refused').waitFor();
    expect(await page.getByTestId('delete-refused').textContent()).toContain('Uczestnika z biletem nie można usunąć');
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Usuń' }).isDisabled()).toBe(true);
    await screenshot(page, 'participant-a-delete-member-refused-desktop');
    await page.getByRole('button', { name: 'Zamknij', exact: true }).click();
    await page.waitForURL(`${web}/dashboard/uczestnicy`);
  });

  it('shows the dashboard home, statistics and settings; screenshots on a phone and a desktop in both colour modes', async () => {
    await page.goto(`${web}/dashboard`);
    await page.getByTestId('home-due').waitFor();
    expect(await page.getByTestId('home-due').textContent()).toBe('228,00\u00a0zł');
    await settled(page);
    await screenshot(page, 'participant-a-home-desktop');
    await page.goto(`${web}/dashboard/statystyki`);
    await page.getByTestId('stat-ticket-type').first().waitFor();
    await settled(page);
    // The karnet row says what is left of its quota now; other files on the shared stack sell karnets too.
    await expect
      .poll(async () => {
        const { quota, sold } = await dbGet<{ quota: number; sold: number }>('ticketTypes/karnet-3-dniowy');
        const row =
          (await page.getByTestId('stat-ticket-type').filter({ hasText: 'Karnet 3-dniowy' }).textContent()) ?? '';
        return (
          /(?:zostało|zostały|został) (\d+) z (\d+)/.exec(row)?.slice(1).join(' z ') === `${quota - sold} z ${quota}`
        );
      })
      .toBe(true);
    await screenshot(page, 'participant-a-stats-desktop');
    await page.goto(`${web}/dashboard/ustawienia`);
    await page.getByLabel('Telefon').waitFor();
    await screenshot(page, 'participant-a-settings-desktop');

    for (const colorScheme of ['light', 'dark'] as const) {
      const ctx = await newContext(browser, { viewport: 'phone', colorScheme });
      const p = await ctx.newPage();
      await p.goto(`${web}/`);
      await acceptCookies(p);
      await submitSignIn(p, web, { email: EMAIL, password: password });
      await p.getByTestId('home-due').waitFor();
      await settled(p);
      await screenshot(p, `participant-a-home-phone-${colorScheme}`);
      for (const [path, name, ready] of [
        ['/dashboard/uczestnicy', 'members', 'member-card'],
        ['/dashboard/uczestnicy/TicketBasket', 'ticket-basket', 'ticket-chooser'],
        ['/dashboard/statystyki', 'stats', 'stat-ticket-type'],
        ['/dashboard/ustawienia', 'settings', 'settings-profile'],
        [
          `/dashboard/uczestnicy/basket/TicketsStepTwo?zamowienie=${orderId}`,
          'order-confirmation',
          'transfer-instructions',
        ],
      ] as const) {
        await p.goto(`${web}${path}`);
        await p.getByTestId(ready).first().waitFor();
        await settled(p);
        await screenshot(p, `participant-a-${name}-phone-${colorScheme}`);
      }
      await ctx.close();
    }
    const ctx = await newContext(browser, { viewport: 'phone' });
    const p = await ctx.newPage();
    await p.goto(`${web}/rejestracja`);
    await acceptCookies(p);
    await p.getByLabel('Adres e-mail').waitFor();
    await screenshot(p, 'participant-a-register-step1-phone');
    await ctx.close();
  });

  it('saves valid profile data and refuses an invalid phone with a Polish message', async () => {
    await page.goto(`${web}/dashboard/ustawienia`);
    await page.getByLabel('Telefon').fill('abc');
    await page.getByRole('button', { name: 'Zapisz dane' }).click();
    await page.getByText('Nieprawidłowy numer telefonu').waitFor();
    await page.getByLabel('Telefon').fill('+48 601 202 303');
    await page.getByLabel(/^Nazwisko/).fill('Nowak-Bałtycka');
    await page.getByRole('button', { name: 'Zapisz dane' }).click();
    await page.getByTestId('profile-result').getByText('Zapisano dane.').waitFor();
    const profiles = await dbGet<Record<string, { phone: string; lastName: string; invoice?: { nip?: string } }>>(
      'profiles',
      `&orderBy="email"&equalTo="${EMAIL}"`,
    );
    const [[uid, profile]] = Object.entries(profiles);
    expect(profile.phone).toBe('+48 601 202 303');
    expect(profile.lastName).toBe('Nowak-Bałtycka');
    // Saved with the order ("Zapamiętaj te dane"), normalised by the server.
    expect(profile.invoice?.nip).toBe('8392017464');
    // The staff's pickup search and the own participant entry follow the new name.
    const directory = await dbGet<{ name: string; lastNameLower: string }>(`pickupDirectory/${uid}`);
    expect(directory).toMatchObject({ name: 'Marta Nowak-Bałtycka', lastNameLower: 'nowak-bałtycka' });
    expect(await dbGet<{ lastName: string }>(`members/${uid}/self`)).toMatchObject({
      firstName: 'Marta',
      lastName: 'Nowak-Bałtycka',
    });
    // And so does the name in the header (from the identity record), without signing in again.
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('Marta Nowak-Bałtycka');
  });

  it('changes the password after re-authentication', async () => {
    await page.goto(`${web}/dashboard/ustawienia`);
    await page.getByLabel('Obecne hasło').fill('zle-haslo-1');
    await page.getByLabel(/^Nowe hasło/).fill('Kolejne-haslo-9');
    await page.getByLabel('Powtórz nowe hasło').fill('Kolejne-haslo-9');
    await page.getByRole('button', { name: 'Zmień hasło' }).click();
    expect(await page.getByTestId('password-result').textContent()).toBe('Nieprawidłowe obecne hasło.');
    await page.getByLabel('Obecne hasło').fill(password);
    await page.getByRole('button', { name: 'Zmień hasło' }).click();
    await page.getByText('Hasło zostało zmienione.').waitFor();
    password = 'Kolejne-haslo-9';
  });

  it('deletes the account after re-authentication and signs out to /', async () => {
    const profiles = await dbGet<Record<string, unknown>>('profiles', `&orderBy="email"&equalTo="${EMAIL}"`);
    const [uid] = Object.keys(profiles);
    await page.getByRole('button', { name: 'Usuń konto…' }).click();
    const dialog = page.getByTestId('delete-account-modal');
    await dialog.getByText('Zachowamy faktury').waitFor();
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Usuń konto' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Hasło (potwierdź, że to Ty)').fill(password);
    await page.getByLabel('Rozumiem, że tej operacji nie można cofnąć').check();
    await screenshot(page, 'participant-a-delete-account-desktop');
    await confirm.click();
    await page.waitForURL(`${web}/`, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();

    expect(await dbGet(`profiles/${uid}`)).toBeNull();
    expect(await dbGet(`members/${uid}`)).toBeNull();
    await page.getByLabel('Adres e-mail').fill(EMAIL);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await page.getByTestId('sign-in-error').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
