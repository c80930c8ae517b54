// The prerendered shell of the production build (web/vite-plugins/prerenderShell.ts, issue 31): the
// sign-in page and its cookie bar are painted from the HTML before any JavaScript has run, and the
// app takes over without losing what the visitor did meanwhile. The app's entry script is held back
// by the test until the visitor has typed, so "before the app starts" is a fact, not a race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, newContext } from '../helpers/browser';
import { demoParticipantCopy, sharedStack, type ParticipantCopy } from './support/shared';
import { appPage, signIn } from './support/stack';

let browser: Browser;
let web: string;
let entryScript: string;
let participant: ParticipantCopy;

beforeAll(async () => {
  const stack = sharedStack();
  web = stack.urls.web;
  participant = await demoParticipantCopy(stack, 'shell');
  browser = await launchBrowser();
  const html = await (await fetch(`${web}/`)).text();
  // The shell's bootstrap starts the app's entry chunk (preloaded from the head) by a dynamic import.
  entryScript = new URL(/\bimport\("([^"]+)"\)/.exec(html)![1], web).href;
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * Holds the app's entry script back until the returned function is called (its preload holds the
 * page's load event back too, so the test navigates with `waitUntil: 'commit'`).
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(entryScript, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * A fresh page on `/` (with `query`) with the app's entry script held back, once the prerendered shell
 * is there; `consented`: the cookie notice was answered on an earlier visit.
 */
async function heldShell({
  viewport,
  consented = false,
  query = '',
}: {
  viewport: 'phone' | 'desktop';
  consented?: boolean;
  query?: string;
}) {
  const context = await newContext(browser, { viewport });
  if (consented) await context.addCookies([{ name: 'ncc_c', value: '1', url: web }]);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const errors = collectPageErrors(page);
  // Every layout shift of the page's life, as the browser reports it (what CLS adds up).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const release = await holdTheApp(page);
  await page.goto(`${web}/${query}`, { waitUntil: 'commit' });
  await page.locator('#shell').waitFor();
  return { context, page, errors, release };
}

const shellState = (page: Page) => page.evaluate(() => document.documentElement.dataset.shell ?? null);

describe('the prerendered sign-in page', () => {
  it(
    'is painted before the app runs and keeps what was typed, the focus and a submit',
    { timeout: 120_000 },
    async () => {
      const { context, page, errors, release } = await heldShell({ viewport: 'phone' });
      // The app has not run: the page is the shell, with its cookie bar, and the app's root is hidden.
      expect(await page.getByRole('heading', { name: 'Zaloguj się' }).isVisible()).toBe(true);
      expect(await page.getByTestId('cookie-consent').isVisible()).toBe(true);
      expect(await page.locator('#shell').count()).toBe(1);
      expect(await page.locator('#root').isHidden()).toBe(true);
      expect(await shellState(page)).toBeNull();

      await page.getByLabel('Adres e-mail').pressSequentially(participant.email);
      await page.locator('input[name="password"]').pressSequentially(participant.password);
      await page.keyboard.press('Enter');
      // The shell holds the submit: the form is not sent as a GET with the password in the address.
      expect(new URL(page.url()).search).toBe('');
      expect(await shellState(page)).toBeNull();

      release();
      // The held submit goes through the app's own form, with the values typed into the shell.
      await page.waitForURL(`${web}/dashboard`);
      expect(await shellState(page)).toBe('taken-over');
      await page.getByRole('navigation', { name: 'Nawigacja główna' }).waitFor();
      expect(await page.locator('#shell').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('hands typed values, the focus and the caret over to the app without a submit', { timeout: 120_000 }, async () => {
    const { context, page, errors, release } = await heldShell({ viewport: 'desktop' });
    await page.getByLabel('Adres e-mail').pressSequentially('ktos@example.com');
    await page.locator('input[name="password"]').pressSequentially('tajne-haslo');
    // The consent button, pressed while the app still loads, is pressed again by the app.
    await page.getByRole('button', { name: 'Rozumiem i akceptuję' }).click();
    await page.locator('input[name="password"]').click();
    await page.keyboard.press('ArrowLeft');

    release();
    await page.waitForFunction(() => document.documentElement.dataset.shell === 'taken-over');
    expect(await page.locator('#shell').count()).toBe(0);
    expect(await page.getByLabel('Adres e-mail').inputValue()).toBe('ktos@example.com');
    expect(await page.locator('input[name="password"]').inputValue()).toBe('tajne-haslo');
    // Still typing into the password field, one character before its end.
    await page.keyboard.type('X');
    expect(await page.locator('input[name="password"]').inputValue()).toBe('tajne-haslXo');
    await page.getByTestId('cookie-consent').waitFor({ state: 'detached' });
    expect((await context.cookies()).find((cookie) => cookie.name === 'ncc_c')?.value).toBe('1');
    // The app's form state has the carried values: submitting without retyping validates them.
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await page.getByTestId('sign-in-error').waitFor();
    expect(await page.getByText('Podaj poprawny adres e-mail.').count()).toBe(0);
    expect(await page.getByText('Podaj hasło.').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it(
    'hands over to the signed-out page without moving it, and opens the e-mail link form pressed meanwhile',
    { timeout: 120_000 },
    async () => {
      const { context, page, errors, release } = await heldShell({
        viewport: 'phone',
        query: `?next=${encodeURIComponent('/dashboard/odbierz')}`,
      });
      // The shell, drawn without the address's query, shows the notice the query asks for.
      await page.getByTestId('sign-in-required').waitFor();
      const linkButton = page.getByRole('button', { name: 'Zaloguj linkiem e-mail' });
      // Where the button is on the page (not in the viewport: the click may scroll the page a little to
      // get it out from under the cookie bar, which covers it on a phone).
      const pageTop = () => linkButton.evaluate((button) => button.getBoundingClientRect().top + window.scrollY);
      const shellTop = await pageTop();
      await linkButton.click();

      release();
      await page.waitForFunction(() => document.documentElement.dataset.shell === 'taken-over');
      // The press is done again by the app, whose sign-in alternatives are there when it takes over.
      await page.getByLabel('E-mail do linku logowania').waitFor();
      // Once the session is known to be absent, the checking indicator goes and the notice stays.
      await page.getByLabel('Sprawdzanie sesji').waitFor({ state: 'detached' });
      expect(await page.getByTestId('sign-in-required').isVisible()).toBe(true);
      expect(await pageTop()).toBe(shellTop);
      expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('keeps a keyboard user where the skip link took them on the shell', { timeout: 120_000 }, async () => {
    const { context, page, errors, release } = await heldShell({ viewport: 'desktop', consented: true });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Przejdź do treści');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tresc');

    release();
    await page.waitForFunction(() => document.documentElement.dataset.shell === 'taken-over');
    // The focus is on the app's own content landmark, and the next stop is the form's first field.
    expect(
      await page.evaluate(
        () =>
          document.activeElement?.id === 'tresc' && document.getElementById('root')!.contains(document.activeElement),
      ),
    ).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves the cookie bar out once consent was given', { timeout: 60_000 }, async () => {
    const { context, page, release } = await heldShell({ viewport: 'phone', consented: true });
    expect(await page.getByRole('heading', { name: 'Zaloguj się' }).isVisible()).toBe(true);
    expect(await page.getByTestId('cookie-consent').count()).toBe(0);
    release();
    await page.waitForFunction(() => document.documentElement.dataset.shell === 'taken-over');
    await context.close();
  });
});

describe('a signed-in device without its last user', () => {
  it('shows the sign-in shell until the app, which sends it on to the dashboard', { timeout: 120_000 }, async () => {
    const page = await appPage(browser, web, [], { viewport: 'desktop' });
    const context = page.context();
    await signIn(page, web, participant);
    // As after Lighthouse's storage reset: the session (IndexedDB) stays, the last user goes. Removed
    // as the next document starts: the app still running here stores it again once it confirms the session.
    await page.addInitScript(() => localStorage.removeItem('panel.session.lastUser'));

    const release = await holdTheApp(page);
    await page.goto(`${web}/`, { waitUntil: 'commit' });
    await page.locator('#shell').waitFor();
    release();
    await page.waitForURL(`${web}/dashboard`);
    await page.getByRole('navigation', { name: 'Nawigacja główna' }).waitFor();
    expect(await shellState(page)).toBe('taken-over');
    expect(await page.locator('#shell').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Zaloguj się' }).count()).toBe(0);
    await context.close();
  });
});
