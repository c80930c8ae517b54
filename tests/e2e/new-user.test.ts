// End-to-end in Chromium: what a new user tripped over (issue 13). A participant registers and is
// greeted by name, reads the terms from the consents, saves a NIP typed with dashes, cannot see
// another user's order behind its confirmation address; staff find people at the pickup station by
// any part of a name, diacritics or not, by a child's name, ten at a time with the count; the admin
// statistics count in Polish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../helpers/browser';
import { describeFindings, overflowingText } from './support/overflow';
import { sharedStack } from './support/shared';
import { DEMO, settled, signIn, stackClient, type Account } from './support/stack';

// The stack every file shares (globalSetup.ts), known as the file loads.
const stack = sharedStack();
const web = stack.urls.web;
const client = stackClient(stack);
let browser: Browser;
const pageErrors: Error[] = [];

const PASSWORD = 'Latarnia-2027';
const newEmail = `zofia-${Date.now()}@example.com`;
const TABLET = { width: 1024, height: 768 };

beforeAll(async () => {
  browser = await launchBrowser();
}, 400_000);

afterAll(async () => {
  await browser?.close();
});

async function openPage(context: BrowserContext): Promise<Page> {
  await context.addCookies([{ name: 'ncc_c', value: '1', url: web }]);
  const page = await context.newPage();
  collectPageErrors(page, pageErrors);
  // On a loaded 2-core machine pages take a while.
  page.setDefaultTimeout(90_000);
  return page;
}

describe('a new user in Chromium', () => {
  let participant: Page;
  let participantContext: BrowserContext;
  let zofia: Account;

  it('registers, reads the terms and the privacy policy from the consents, and is greeted by name', async () => {
    participantContext = await newContext(browser, { viewport: 'desktop' });
    participant = await openPage(participantContext);
    const page = participant;
    await page.goto(`${web}/rejestracja`);
    await page.getByLabel('Adres e-mail').fill(newEmail);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="passwordRepeat"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Dalej: dane osobowe' }).click();
    await page.getByLabel('Imię').fill('Zofia');
    await page.getByLabel('Nazwisko').fill('Wiśniewska-Łącka');
    await page.getByLabel('Telefon').fill('+48 600 700 800');
    await page.getByRole('button', { name: 'Dalej: zgody' }).click();

    // The consents link to the documents of the event settings (the seed's texts); opening one
    // leaves its checkbox as it was.
    const terms = page.getByLabel(/Akceptuję regulamin wydarzenia/);
    await page.getByTestId('legal-link-terms').click();
    const termsDialog = page.getByRole('dialog', { name: 'Regulamin' });
    await termsDialog.getByText('§ 1. Postanowienia ogólne').waitFor();
    await screenshot(page, 'new-user-terms-dialog-desktop');
    await termsDialog.getByRole('button', { name: 'Zamknij okno' }).click();
    await termsDialog.waitFor({ state: 'detached' });
    expect(await terms.isChecked()).toBe(false);
    await page.getByTestId('legal-link-privacy').click();
    const privacyDialog = page.getByRole('dialog', { name: 'Polityka prywatności' });
    await privacyDialog.getByText('1. Administrator danych').waitFor();
    await page.keyboard.press('Escape');
    await privacyDialog.waitFor({ state: 'detached' });

    await terms.check();
    await page.getByLabel(/Wyrażam zgodę na przetwarzanie/).check();
    await page.getByRole('button', { name: 'Załóż konto' }).click();
    await page.getByTestId('registration-success').waitFor();
    expect(await page.getByTestId('registration-success').textContent()).not.toMatch(/zalogowan[ya]/);
    await page.getByRole('link', { name: 'Przejdź do panelu' }).click();
    await page.waitForURL(`${web}/dashboard`);

    // The header names the person typed in step two, not the e-mail address.
    const menu = page.getByTestId('user-menu');
    await expect.poll(() => menu.textContent()).toContain('Zofia Wiśniewska-Łącka');
    expect(await menu.getByTestId('user-initials').textContent()).toBe('ZW');
    await screenshot(page, 'new-user-dashboard-desktop');

    const profiles = await client.dbGet<Record<string, { email: string }>>('profiles');
    const uid = Object.entries(profiles).find(([, p]) => p.email === newEmail)![0];
    zofia = { uid, email: newEmail, password: PASSWORD };
  });

  it('saves a company NIP typed with dashes in the settings, stored as 10 digits', async () => {
    const page = participant;
    await page.goto(`${web}/dashboard/ustawienia`);
    await page.getByLabel(/Zapisz dane do faktury/).check();
    await page.getByText('Firmę (z NIP)').click();
    await page.locator('input[name="invoiceName"]').fill('Żagle Łącka Sp. z o.o.');
    await page.locator('input[name="nip"]').fill('526-025-02-74');
    await page.locator('input[name="street"]').fill('ul. Portowa 12');
    await page.locator('input[name="postalCode"]').fill('76-270');
    await page.locator('input[name="city"]').fill('Ustka');
    await page.getByRole('button', { name: 'Zapisz dane' }).click();
    await expect.poll(() => page.getByTestId('profile-result').textContent()).toBe('Zapisano dane.');
    expect(await client.dbGet(`profiles/${zofia.uid}/invoice/nip`)).toBe('5260250274');
  });

  it('adds a child, so that staff can find the account by the child’s name', async () => {
    const page = participant;
    await page.goto(`${web}/dashboard/uczestnicy/member/addMember`);
    await page.getByLabel('Imię').fill('Staś');
    await page.getByLabel('Nazwisko').fill('Wiśniewski');
    await page.getByRole('button', { name: 'Dodaj uczestnika' }).click();
    await page.waitForURL(`${web}/dashboard/uczestnicy`);
    await expect.poll(() => client.dbGet(`pickupSearch/stas_${zofia.uid}/person`)).toBe('Staś Wiśniewski');
    // Removing asks about the participant without declining the name („usunąć Staś Wiśniewski”).
    const memberId = Object.entries(
      await client.dbGet<Record<string, { firstName: string }>>(`members/${zofia.uid}`),
    ).find(([, m]) => m.firstName === 'Staś')![0];
    await page.goto(`${web}/dashboard/uczestnicy/member/deleteMemberModal?id=${memberId}`);
    await expect
      .poll(() => page.getByRole('dialog').textContent(), { timeout: 30_000 })
      .toContain('usunąć z listy uczestnika: Staś Wiśniewski?');
    await page.getByRole('button', { name: 'Anuluj' }).click();
    await page.waitForURL(`${web}/dashboard/uczestnicy`);
  });

  it('shows the country by name and the NIP as printed in the shop summary', async () => {
    const page = participant;
    await client.dbPatch(`baskets/${zofia.uid}`, {
      merch: { 'line-1': { productId: 'kubek-latarnia', variantId: 'standard', quantity: 1 } },
      updatedAt: Date.now(),
    });
    await page.goto(`${web}/dashboard/sklepik/merch/MerchStepTwo`);
    await page.getByLabel(/Akceptuję regulamin sprzedaży/).check();
    await page.getByRole('button', { name: 'Dalej: podsumowanie' }).click();
    await page.waitForURL(/MerchStepThree$/);
    await expect.poll(() => page.getByTestId('buyer-country').textContent()).toBe('Polska');
    expect(await page.locator('body').innerText()).toContain('NIP: 526-025-02-74');
    await client.dbPatch(`baskets/${zofia.uid}`, { merch: null });
  });

  it('sees its own order behind the confirmation address, and the not-found view for anyone else’s', async () => {
    const page = participant;
    const own = await client.placeOwnTicketOrder(zofia);
    await page.goto(`${web}/dashboard/uczestnicy/basket/TicketsStepTwo?zamowienie=${own.orderId}`);
    await page.getByTestId('order-confirmation').waitFor();
    expect(await page.getByTestId('order-number').textContent()).toBe(own.number);

    const demoParticipant = await client.register(`inny-${Date.now()}@example.com`, {
      firstName: 'Jan',
      lastName: 'Obcy',
    });
    const foreign = await client.placeOwnTicketOrder(demoParticipant);
    for (const path of [
      `/dashboard/uczestnicy/basket/TicketsStepTwo?zamowienie=${foreign.orderId}`,
      `/dashboard/sklepik/merch/MerchStepThree?zamowienie=${foreign.orderId}`,
      '/dashboard/sklepik/merch/MerchStepThree?zamowienie=nie-ma-takiego',
    ]) {
      await page.goto(`${web}${path}`);
      const error = page.getByTestId('error-page');
      await error.waitFor();
      expect(await error.getAttribute('data-status')).toBe('404');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Nie znaleziono zamówienia');
      const text = await page.locator('body').innerText();
      expect(text).not.toContain('Dziękujemy');
      expect(text).not.toContain(foreign.number);
    }
    await screenshot(page, 'new-user-foreign-order-desktop');
    await participantContext.close();
  });

  it('staff find people by any part of a name, without diacritics, by a child’s name, ten at a time', async () => {
    // Twelve more accounts share a surname, so a search finds more than one page of them.
    const stamp = Date.now().toString(36);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client.register(`kowalewska-${stamp}-${i}@example.com`, {
          firstName: `Ewa${String.fromCharCode(97 + i)}`,
          lastName: 'Kowalewska-Nadmorska',
        }),
      ),
    );

    const context = await browser.newContext({
      viewport: TABLET,
      hasTouch: true,
      locale: 'pl-PL',
      timezoneId: 'Europe/Warsaw',
    });
    const staff = await openPage(context);
    await signIn(staff, web, DEMO.staff);
    await staff.goto(`${web}/dashboard/odbierz/User`);
    const search = staff.getByTestId('directory-search');
    const results = staff.getByTestId('directory-result');
    const namesFor = async (text: string) => {
      await search.fill(text);
      await staff.waitForFunction(
        (t) =>
          (document.querySelector('[data-testid="directory-count"]')?.textContent ?? '').length > 0 &&
          (document.querySelector('[data-testid="directory-search"]') as HTMLInputElement).value === t,
        text,
      );
      await settled(staff);
      return results.allTextContents();
    };

    // No diacritics, any case, any part of the double surname, by prefix.
    for (const text of ['wisniewska', 'ŁĄCKA', 'łąc', 'zofia wis']) {
      await expect
        .poll(() => namesFor(text), { timeout: 30_000 })
        .toEqual([expect.stringContaining('Zofia Wiśniewska-Łącka')]);
    }
    // A child's name finds the parent's account and says whose name matched.
    await expect
      .poll(() => namesFor('stas'), { timeout: 30_000 })
      .toEqual([expect.stringContaining('Zofia Wiśniewska-Łącka')]);
    expect(await staff.getByTestId('directory-result-person').textContent()).toBe('uczestnik: Staś Wiśniewski');
    await screenshot(staff, 'new-user-station-child-search-tablet');

    // Twelve found: the count says so, ten are shown, and the rest come on request.
    await expect.poll(async () => (await namesFor('nadmorsk')).length, { timeout: 30_000 }).toBe(10);
    expect(await staff.getByTestId('directory-count').textContent()).toBe(
      'Znaleziono 12 osób — pokazano 10. Dopisz imię albo kolejne litery, aby zawęzić.',
    );
    expect(await staff.getByTestId('directory-more').textContent()).toBe('Pokaż pozostałe (2)');
    expect(describeFindings(await overflowingText(staff))).toBe('');
    await screenshot(staff, 'new-user-station-count-tablet');
    await staff.getByTestId('directory-more').click();
    await expect.poll(() => results.count()).toBe(12);
    expect(await staff.getByTestId('directory-more').count()).toBe(0);
    // A second word narrows to one.
    await expect
      .poll(() => namesFor('kowalewska ewac'), { timeout: 30_000 })
      .toEqual([expect.stringContaining('Ewac Kowalewska-Nadmorska')]);

    // Picking a result opens the person, whose pickup code fits its card at the station's width.
    await expect
      .poll(() => namesFor('stas'), { timeout: 30_000 })
      .toEqual([expect.stringContaining('Zofia Wiśniewska-Łącka')]);
    await results.first().click();
    await staff.getByTestId('station-person').waitFor();
    expect(await staff.getByTestId('station-person').textContent()).toContain('Zofia Wiśniewska-Łącka');
    expect(describeFindings(await overflowingText(staff))).toBe('');
    await context.close();
  });

  it('admin statistics count in Polish and write days as dd.mm.rrrr', async () => {
    // One more order paid today. Other files on the shared stack pay orders too, so the tile is
    // compared with the count in the database, in the Polish form for that number.
    const buyer = await client.register(`statystyka-${Date.now()}@example.com`, {
      firstName: 'Piotr',
      lastName: 'Rejs',
    });
    const order = await client.placeOwnTicketOrder(buyer, 'karnet-3-dniowy');
    await client.call(DEMO.admin, 'confirmPayment', { orderId: order.orderId });

    const context = await newContext(browser, { viewport: 'desktop' });
    const admin = await openPage(context);
    await signIn(admin, web, DEMO.admin);
    await admin.goto(`${web}/dashboard/statystyki`);
    await admin.getByTestId('kpi-paid-gross').waitFor();
    const stats = admin.getByTestId('admin-stats');
    // innerText: the tiles' lines apart (textContent runs „zamówienie” into the next tile's label).
    const paidOrders = (n: number) =>
      `${n} ${n === 1 ? 'opłacone zamówienie' : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 'opłacone zamówienia' : 'opłaconych zamówień'}`;
    await expect
      .poll(async () => {
        const lines = (await stats.innerText()).split('\n');
        return lines.includes(paidOrders((await client.dbGet<number>('stats/admin/orders/paid')) ?? 0));
      })
      .toBe(true);
    const today = new Intl.DateTimeFormat('pl-PL', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Warsaw',
    }).format(new Date());
    const dailyTable = admin.getByRole('table', { name: 'Sprzedaż dziennie' });
    await expect.poll(() => dailyTable.textContent()).toContain(today);
    expect(await dailyTable.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
