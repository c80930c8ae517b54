// A keyboard-only journey in Chromium — no mouse, no clicks: sign in, add a participant, buy a ticket,
// open the invoice, sign out. At every Tab stop the focused element must show a focus indicator;
// the skip link „Przejdź do treści” must move focus past the header and navigation; dialogs must
// keep focus inside while open and give it back to the control that opened them; form errors must
// be tied to their fields (aria-invalid, aria-describedby); the order turning „opłacone” is read
// out by the page's polite live region.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../helpers/browser';
import { KeyboardUser, focusState, hasFocus } from './support/keyboard';
import { sharedStack, type SharedStack } from './support/shared';
import { appPage, DEMO, stackClient, type Account } from './support/stack';

/** Polls wait for the app (and a cold function) on a loaded machine. */
const POLL = { timeout: 60_000, interval: 200 };

let stack: SharedStack;
let web: string;
let browser: Browser;
let page: Page;
let keys: KeyboardUser;
let pageErrors: Error[];
let account: Account;
let orderNumber = '';

beforeAll(async () => {
  stack = sharedStack();
  web = stack.urls.web;
  account = await stackClient(stack).register(
    `klawiatura-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    { firstName: 'Tomasz', lastName: 'Klawiszowy' },
  );
  browser = await launchBrowser();
  // The cookie notice was answered earlier (it has its own tests); the journey starts at sign-in.
  pageErrors = [];
  page = await appPage(browser, web, pageErrors, { viewport: 'desktop' });
  page.setDefaultTimeout(120_000);
  keys = new KeyboardUser(page);
});

afterAll(async () => {
  await browser?.close();
});

/** The field's error message, found through its aria-describedby, and whether it is marked invalid. */
async function fieldError(label: string): Promise<{ invalid: string | null; described: string }> {
  const field = page.getByRole('textbox', { name: label, exact: true });
  const invalid = await field.getAttribute('aria-invalid');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const described = await page.evaluate(
    (list) =>
      list
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim(),
    ids,
  );
  return { invalid, described };
}

/** Tab to a link or button of the main navigation or page and press Enter; waits for the URL. */
async function follow(
  name: string | RegExp,
  url: string | ((u: URL) => boolean),
  role: 'link' | 'button' = 'link',
): Promise<void> {
  await keys.tabTo(page.getByRole(role, { name, exact: typeof name === 'string' }).first());
  await keys.press('Enter');
  await page.waitForURL(typeof url === 'string' ? `${web}${url}` : url);
}

describe('keyboard-only journey', () => {
  it('signs in: the skip link is the first Tab stop, jumps to the form past the header', async () => {
    await page.goto(`${web}/`);
    await page.getByLabel('Adres e-mail').waitFor();
    // The app's own page: a Tab pressed on the prerendered shell while the app takes over measures the
    // skip link mid-way between the two (the hand-over itself: tests/e2e/prerendered-shell.test.ts).
    await page.waitForFunction(() => !document.getElementById('shell'));
    const first = await keys.press('Tab');
    expect(first.description).toContain('Przejdź do treści');
    expect(first.visible).toBe(true);
    await keys.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tresc');
    // The next stop is the form's first field, not the header's logo or theme switch.
    await keys.press('Tab');
    expect(await hasFocus(page.getByLabel('Adres e-mail'))).toBe(true);
    await keys.type(account.email);
    await keys.press('Tab');
    expect(await hasFocus(page.locator('input[name="password"]'))).toBe(true);
    await keys.type(account.password);
    await keys.press('Enter');
    await page.waitForURL(`${web}/dashboard`);
  });

  it('skips the navigation on the dashboard too', async () => {
    await page.getByRole('heading', { level: 1 }).waitFor();
    await keys.tabTo(page.getByRole('link', { name: 'Przejdź do treści' }));
    await keys.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tresc');
    const next = await keys.press('Tab');
    // Past the header and the navigation: the focus is inside the page's content now.
    expect(await page.evaluate(() => document.getElementById('tresc')?.contains(document.activeElement))).toBe(true);
    expect(next.visible).toBe(true);
  });

  it('adds a participant: errors are tied to their fields, then the form is filled from the keyboard', async () => {
    await follow('Uczestnicy', '/dashboard/uczestnicy');
    await follow('Dodaj uczestnika', '/dashboard/uczestnicy/member/addMember');
    const submit = page.locator('form').getByRole('button', { name: 'Dodaj uczestnika' });
    await keys.tabTo(submit);
    await keys.press('Enter');
    await page.getByText('Podaj imię').waitFor();
    expect(await fieldError('Imię')).toEqual({ invalid: 'true', described: 'Podaj imię' });
    expect((await fieldError('Nazwisko')).invalid).toBe('true');
    expect((await fieldError('Nazwisko')).described).not.toBe('');

    await keys.tabTo(page.getByRole('textbox', { name: 'Imię', exact: true }), { backwards: true });
    await keys.type('Jan');
    await keys.press('Tab');
    await keys.type('Klawiszowy');
    await keys.press('Tab');
    expect(await hasFocus(page.getByLabel('Rok urodzenia'))).toBe(true);
    await keys.type('1984');
    // Fixed fields are no longer invalid.
    expect((await fieldError('Imię')).invalid).not.toBe('true');
    await keys.tabTo(submit);
    await keys.press('Enter');
    await page.waitForURL(`${web}/dashboard/uczestnicy`);
    await page.getByTestId('member-added').waitFor();
  });

  it('buys a ticket for the new participant: basket, review, buyer data, order', async () => {
    await follow('Kup bilety', '/dashboard/uczestnicy/TicketBasket');
    const ticket = page.getByRole('radio', { name: 'Bilet jednodniowy — Jan Klawiszowy' });
    await keys.tabTo(ticket);
    await keys.press('Space');
    await expect.poll(() => ticket.getAttribute('aria-checked'), POLL).toBe('true');
    await page.getByTestId('ticket-summary').getByText('Biletów w koszyku: 1').waitFor();
    await follow('Dalej: przegląd', '/dashboard/uczestnicy/basket/TicketsStepOne');
    await page.getByTestId('basket-line').first().waitFor();
    await follow('Dalej: dane nabywcy', '/dashboard/uczestnicy/basket/TicketsStepTwo', 'button');

    // The buyer's name comes from the account; the address is typed.
    expect(await page.getByLabel('Imię i nazwisko').inputValue()).toBe('Tomasz Klawiszowy');
    for (const [label, value] of [
      ['Ulica i numer', 'ul. Klawiszowa 7'],
      ['Kod pocztowy', '76-270'],
      ['Miejscowość', 'Ustka'],
    ] as const) {
      await keys.tabTo(page.getByLabel(label));
      await keys.type(value);
    }
    const terms = page.getByRole('checkbox', { name: /Akceptuję regulamin sprzedaży/ });
    await keys.tabTo(terms);
    await keys.press('Space');
    expect(await terms.isChecked()).toBe(true);
    await keys.tabTo(page.getByRole('button', { name: 'Zamawiam i płacę przelewem' }));
    await keys.press('Enter');
    await page.getByTestId('order-confirmation').waitFor({ timeout: 60_000 });
    orderNumber = (await page.getByTestId('order-number').textContent())!;
    expect(orderNumber).toMatch(/^ZAM\/\d{4}\/\d{6}$/);
  });

  it('a dialog keeps the focus inside and gives it back; the payment is announced politely', async () => {
    await follow('Zamówienia', '/dashboard/zamowienia');
    const card = page.locator(`[data-testid="order-card"][data-order-number="${orderNumber}"]`);
    await card.waitFor();
    const status = page.getByTestId('live-status');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await status.textContent()).toBe('');

    const opener = card.getByRole('button', { name: 'Anuluj zamówienie' });
    await keys.tabTo(opener);
    await keys.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), POLL).toBe(true);
    // Round and round: Tab and Shift+Tab never leave the dialog.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await keys.press(key);
      expect(
        await dialog.evaluate((d) => d.contains(document.activeElement)),
        `focus left the dialog after ${key}: ${(await focusState(page)).description}`,
      ).toBe(true);
    }
    await keys.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(opener), POLL).toBe(true);
    expect((await focusState(page)).visible).toBe(true);

    // The bank transfer is booked by the admin meanwhile: the page, still open, says so.
    await stackClient(stack).call(DEMO.admin, 'confirmPayment', { orderId: await card.getAttribute('data-order-id') });
    await expect.poll(() => status.textContent(), POLL).toBe(`Zamówienie ${orderNumber}: opłacone.`);
  });

  it('opens the invoice', async () => {
    await follow('Faktury', '/dashboard/faktury');
    const invoiceLink = page.getByRole('link', { name: /^Faktura FV\// }).first();
    await invoiceLink.waitFor();
    const invoiceName = (await invoiceLink.getAttribute('aria-label'))!;
    await keys.tabTo(invoiceLink);
    await keys.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/faktury/'));
    await page.getByRole('heading', { level: 1, name: invoiceName }).waitFor();
    expect(await page.getByText('Tomasz Klawiszowy').count()).toBeGreaterThan(0);
  });

  it('signs out through the user menu, which gives the focus back when closed with Escape', async () => {
    const menuButton = page.getByTestId('user-menu');
    await keys.tabTo(menuButton, { backwards: true });
    await keys.press('Enter');
    const signOut = page.getByRole('menuitem', { name: 'Wyloguj się' });
    await signOut.waitFor();
    await keys.press('Escape');
    await signOut.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(menuButton), POLL).toBe(true);

    await keys.press('Enter');
    await signOut.waitFor();
    for (let i = 0; i < 5 && !(await hasFocus(signOut)); i++) await keys.press('ArrowDown');
    expect(await hasFocus(signOut)).toBe(true);
    expect((await focusState(page)).visible).toBe(true);
    await keys.press('Enter');
    await page.waitForURL(`${web}/`);
    await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
  });

  it('showed a focus indicator at every stop of the journey, and the page ran without errors', async () => {
    if (keys.unmarked.length) await screenshot(page, 'keyboard-unmarked-focus');
    expect(keys.unmarked).toEqual([]);
    expect(keys.presses).toBeGreaterThan(20);
    expect(pageErrors).toEqual([]);
  });
});
