// End-to-end journey of the organisers' side (issue 6) in Chromium against the real local stack:
// a non-admin is refused the admin page; an admin creates a product with sizes; a participant buys it
// (the order is placed through the callable as a test step); the admin confirms the payment and the
// statistics change live; staff find the participant by pickup code on a tablet-sized screen and hand
// the item out while the participant's Odbierz page turns it "odebrane" without a reload; a second
// hand-out is refused with who and when; a role granted to a signed-in user applies without signing
// out; a product is archived and restored; the orders CSV is exported.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../web/src/shared/format/pl';
import { MARTA_NOWAK } from '../helpers/buyers.mjs';
import { collectPageErrors, screenshot } from '../helpers/browser';
import { adminAndParticipant, type AdminAndParticipant } from './support/journey';
import { appPage, DEMO, settled, signIn } from './support/stack';

const ADMIN = DEMO.admin;
const STAFF = DEMO.staff;
const PRODUCT = `Bluza Latarnik ${Date.now().toString(36)}`;
/** Per test: several pages, each compiled by the dev server on first use. */
const SLOW = 240_000;

// PARTICIPANT, the file's copy of the demo participant, is given and denied roles here.
let { client, PARTICIPANT, browser, web, admin, participant, pageErrors } = {} as AdminAndParticipant;
let staff: Page;
let productId = '';
let orderNumber = '';

beforeAll(async () => {
  ({ client, PARTICIPANT, browser, web, admin, participant, pageErrors } = await adminAndParticipant('staffadmin'));
  staff = await appPage(browser, web, pageErrors, { viewport: 'tablet' });
}, 400_000);

afterAll(async () => {
  await browser?.close();
});

async function confirmDialog(p: Page) {
  await p.getByTestId('confirm-action').click();
  await p.getByTestId('confirm-action').waitFor({ state: 'detached' });
}

describe('staff and admin journeys in Chromium', () => {
  it(
    'a participant opening /dashboard/admin gets the error view and no data',
    async () => {
      await signIn(participant, web, PARTICIPANT);
      await participant.goto(`${web}/dashboard/admin`);
      const error = participant.getByTestId('error-page');
      await error.waitFor();
      expect(await error.getAttribute('data-status')).toBe('403');
      expect(await participant.getByRole('tab').count()).toBe(0);
      expect(await participant.getByRole('link', { name: 'Admin' }).count()).toBe(0);
      // The pickup station is refused as well.
      await participant.goto(`${web}/dashboard/odbierz/User`);
      await participant.getByText('Punkt odbioru jest dostępny tylko dla obsługi wydarzenia.').waitFor();
    },
    SLOW,
  );

  it(
    'an admin creates a product with sizes',
    async () => {
      await signIn(admin, web, ADMIN);
      await admin.goto(`${web}/dashboard/admin?tab=produkty`);
      await admin.getByRole('button', { name: 'Dodaj produkt' }).click();
      const form = admin.getByRole('form', { name: 'Produkt' });
      // Client validation with the shared schema first.
      await form.getByRole('button', { name: 'Dodaj produkt' }).click();
      await form.getByText('Podaj nazwę produktu').waitFor();

      await form.getByLabel('Nazwa produktu').fill(PRODUCT);
      await form.getByLabel('Cena brutto (zł)').fill('149,00');
      await form.getByLabel('Wariant 1: nazwa').fill('M');
      await form.getByLabel('Wariant 1: stan').fill('5');
      await form.getByRole('button', { name: '+ Dodaj wariant' }).click();
      await form.getByLabel('Wariant 2: nazwa').fill('L');
      await form.getByLabel('Wariant 2: stan').fill('3');
      await form.getByRole('button', { name: 'Dodaj produkt' }).click();
      await admin
        .getByTestId('admin-result')
        .filter({ hasText: `Dodano produkt „${PRODUCT}”` })
        .waitFor();
      await admin.getByTestId('product-card').filter({ hasText: PRODUCT }).waitFor();

      const products = await client.dbGet<
        Record<
          string,
          {
            name: string;
            priceGrosze: number;
            vatRate: number;
            variants: Record<string, { label: string; stock: number; sold: number }>;
          }
        >
      >('products');
      const found = Object.entries(products).find(([, p]) => p.name === PRODUCT);
      expect(found).toBeDefined();
      productId = found![0];
      expect(found![1].priceGrosze).toBe(14900);
      expect(found![1].vatRate).toBe(23);
      expect(
        Object.values(found![1].variants)
          .map((v) => [v.label, v.stock, v.sold])
          .sort(),
      ).toEqual([
        ['L', 3, 0],
        ['M', 5, 0],
      ]);
    },
    SLOW,
  );

  it(
    'the participant buys it; the admin confirms payment and watches the statistics change live',
    async () => {
      const stats = await admin.context().newPage();
      collectPageErrors(stats, pageErrors);
      await stats.goto(`${web}/dashboard/statystyki`);
      await stats.getByTestId('admin-stats').waitFor();
      const paidBefore = (await client.dbGet<number | null>('stats/admin/revenue/paidGross')) ?? 0;
      await stats
        .getByTestId('kpi-paid-gross')
        .filter({ hasText: formatMoney(paidBefore) })
        .waitFor();

      // The participant's order, placed through the callable (the shop UI is another engineer's test).
      const product = await client.dbGet<{ variants: Record<string, { label: string }> }>(`products/${productId}`);
      const variantM = Object.entries(product.variants).find(([, v]) => v.label === 'M')![0];
      const lines = { 'e2e-line-1': { productId, variantId: variantM, quantity: 1 } };
      orderNumber = (await client.orderBasket(PARTICIPANT, 'placeMerchOrder', { merch: lines }, MARTA_NOWAK)).number;
      // A pending order shows up live among pending revenue.
      const pending = (await client.dbGet<number>('stats/admin/revenue/pendingGross')) ?? 0;
      await stats
        .getByTestId('kpi-pending-gross')
        .filter({ hasText: formatMoney(pending) })
        .waitFor();

      await admin.goto(`${web}/dashboard/admin?tab=zamowienia`);
      await admin.getByTestId('orders-search').fill(orderNumber);
      const row = admin.getByTestId('order-row').filter({ hasText: orderNumber });
      await row.waitFor();
      // The row may show before the (debounced) search has filtered the others out.
      await expect.poll(() => admin.getByTestId('order-row').count()).toBe(1);
      await row.getByRole('button', { name: 'Potwierdź płatność' }).click();
      await admin.getByRole('dialog').getByText(orderNumber).waitFor();
      await confirmDialog(admin);
      await admin
        .getByTestId('admin-result')
        .filter({ hasText: `Zamówienie ${orderNumber} opłacone. Wystawiono fakturę FV/` })
        .waitFor();
      // The "pending" filter no longer lists it; "paid" does.
      await admin.getByTestId('order-row').filter({ hasText: orderNumber }).waitFor({ state: 'detached' });
      await admin.getByText('Opłacone', { exact: true }).click();
      await admin.getByTestId('order-row').filter({ hasText: orderNumber }).getByText('opłacone').waitFor();

      // Statistics page, never reloaded: paid revenue and the merch table follow.
      await stats
        .getByTestId('kpi-paid-gross')
        .filter({ hasText: formatMoney(paidBefore + 14900) })
        .waitFor();
      const merchRow = stats
        .getByRole('table', { name: 'Sprzedaż gadżetów' })
        .getByRole('row')
        .filter({ hasText: PRODUCT })
        .filter({ hasText: 'M' });
      await merchRow.first().waitFor();
      expect((await merchRow.first().innerText()).replace(/\s+/g, ' ')).toContain(`${PRODUCT} M 1 0 0 4 5`); // paid, reserved, refunded, left, stock
      await stats.locator('.recharts-surface').first().waitFor();
      await settled(stats);
      await screenshot(stats, 'staff-admin-statistics-desktop');
      await stats.close();
    },
    SLOW,
  );

  it(
    'staff find the participant by pickup code and hand the item out; the participant sees "odebrane" live',
    async () => {
      await participant.goto(`${web}/dashboard/odbierz`);
      const item = participant.getByTestId('pickup-item').filter({ hasText: PRODUCT });
      await item.waitFor();
      expect(await item.getAttribute('data-status')).toBe('waiting');

      await signIn(staff, web, STAFF);
      await staff.goto(`${web}/dashboard/odbierz/User`);
      // Search by name and by e-mail prefix in /pickupDirectory.
      await staff.getByTestId('directory-search').fill('Marta');
      await staff.getByTestId('directory-result').filter({ hasText: PARTICIPANT.email }).waitFor();
      await staff.getByTestId('directory-search').fill(`${PARTICIPANT.email.split('@')[0]}@ex`);
      // The demo participant this file's participant copies (same name, e-mail uczestnik@…) may match too.
      await staff
        .getByTestId('directory-result')
        .filter({ hasText: 'Marta Nowak' })
        .filter({ hasText: PARTICIPANT.email })
        .waitFor();
      await staff.getByTestId('directory-search').fill('');
      await staff.getByTestId('pickup-code-input').fill('mrtn-4w9');
      await staff.getByRole('button', { name: 'Znajdź' }).click();
      await staff.getByText('Nieprawidłowy kod odbioru').waitFor();
      await staff.getByTestId('pickup-code-input').fill(PARTICIPANT.pickupCode.toLowerCase());
      expect(await staff.getByText('Nieprawidłowy kod odbioru').count()).toBe(0);
      await screenshot(staff, 'staff-pickup-find-tablet');
      await staff.getByRole('button', { name: 'Znajdź' }).click();
      await staff.getByTestId('station-person').filter({ hasText: 'Marta Nowak' }).waitFor();
      await staff.getByTestId('station-item').filter({ hasText: PRODUCT }).waitFor();
      await settled(staff);
      await screenshot(staff, 'staff-pickup-person-tablet');

      await staff.getByTestId('go-hand-out').click();
      await staff.waitForURL(new RegExp(`/dashboard/odbierz/Add\\?uid=${PARTICIPANT.uid}$`));
      // The router renders the new page in a transition, after the address has changed: until then the
      // previous page's read-only rows (also "station-item") are on screen, and reading or clicking one
      // of them would act on the wrong page. The selectable rows are checkboxes; the read-only ones are not.
      const card = staff.getByTestId('station-item').and(staff.getByRole('checkbox')).filter({ hasText: PRODUCT });
      await card.waitFor();
      // Only the new item is handed out here; anything else waiting is left for its owner to decide.
      const others = staff
        .locator('[data-testid="station-item"][data-status="waiting"]')
        .and(staff.getByRole('checkbox'))
        .filter({ hasNotText: PRODUCT });
      if ((await others.count()) > 0) await staff.getByRole('button', { name: 'Odznacz wszystkie' }).click();
      if ((await card.getAttribute('data-checked')) === null) await card.click();
      await staff.getByTestId('confirm-handout').filter({ hasText: 'Potwierdź wydanie (1)' }).click();
      await staff.getByTestId('handout-result').filter({ hasText: PRODUCT }).waitFor();
      await settled(staff);
      await screenshot(staff, 'staff-pickup-handed-out-tablet');

      // The participant's page turns the item "odebrane" without a reload.
      await participant
        .locator('[data-testid="pickup-item"][data-status="picked"]')
        .filter({ hasText: PRODUCT })
        .getByText('odebrane')
        .waitFor();
      await participant.getByText('wydał(a): Stanisław Bosman').first().waitFor();
      // And the staff view marks it as handed out, no longer selectable.
      await staff.locator('[data-testid="station-item"][data-status="picked"]').filter({ hasText: PRODUCT }).waitFor();
    },
    SLOW,
  );

  it(
    'a second hand-out of the same item is refused, naming who and when',
    async () => {
      const pickups = await client.dbGet<Record<string, { label: string; status: string; pickedBy?: string }>>(
        `pickups/${PARTICIPANT.uid}`,
      );
      const [itemId, item] = Object.entries(pickups).find(([, p]) => p.label.includes(PRODUCT))!;
      expect(item.status).toBe('picked');
      expect(item.pickedBy).toBe(STAFF.uid);
      const again = await client.callAnswer(STAFF, 'handOutPickupItems', { uid: PARTICIPANT.uid, itemIds: [itemId] });
      expect(again.result).toBeUndefined();
      expect(again.error?.details?.reason).toBe('already-picked');
      expect(String(again.error?.details?.message)).toMatch(/wydano już .*wydał\(a\): Stanisław Bosman/);
      // "Następna osoba" leaves the station ready for the next person.
      await staff.getByTestId('next-person').click();
      await staff.waitForURL(`${web}/dashboard/odbierz/User`);
      expect(await staff.getByTestId('pickup-code-input').inputValue()).toBe('');
    },
    SLOW,
  );

  it(
    'a role granted to a signed-in user takes effect without signing out',
    async () => {
      await participant.goto(`${web}/dashboard/odbierz`);
      await participant.getByTestId('pickup-code').waitFor();
      expect(await participant.getByRole('link', { name: 'Stanowisko wydawania' }).count()).toBe(0);

      await admin.goto(`${web}/dashboard/admin?tab=uzytkownicy`);
      await admin.getByTestId('users-search').fill(PARTICIPANT.email);
      const row = admin.getByTestId('user-row').filter({ hasText: PARTICIPANT.email });
      await row.waitFor();
      // The search is debounced: until it applies, the row can be found in the unfiltered list and
      // then move when the list shrinks, so a click aimed at it could land elsewhere. Wait for the
      // filtered list (one person) before clicking.
      await expect.poll(() => admin.getByTestId('user-row').count(), { timeout: 30_000 }).toBe(1);
      await row.getByRole('switch', { name: `Obsługa: ${PARTICIPANT.email}` }).click({ force: true });
      await confirmDialog(admin);
      await admin
        .getByTestId('admin-result')
        .filter({ hasText: `Nadano uprawnienia „obsługa”: ${PARTICIPANT.email}` })
        .waitFor();

      // Same tab, no reload, no sign-out: the staff entry appears and the station opens.
      await participant.getByRole('link', { name: 'Stanowisko wydawania' }).click();
      await participant.getByTestId('pickup-code-input').waitFor();

      // Revoking works the same way.
      await row.getByRole('switch', { name: `Obsługa: ${PARTICIPANT.email}` }).click({ force: true });
      await confirmDialog(admin);
      await admin.getByTestId('admin-result').filter({ hasText: 'Odebrano uprawnienia' }).waitFor();
      await participant.getByText('Punkt odbioru jest dostępny tylko dla obsługi wydarzenia.').waitFor();
    },
    SLOW,
  );

  it(
    'an admin archives a product and restores it',
    async () => {
      await admin.goto(`${web}/dashboard/admin?tab=produkty`);
      const card = admin.getByTestId('product-card').filter({ hasText: PRODUCT });
      await card.getByRole('button', { name: 'Archiwizuj' }).click();
      await confirmDialog(admin);
      await admin
        .getByTestId('admin-result')
        .filter({ hasText: `Produkt „${PRODUCT}” przeniesiono do archiwum.` })
        .waitFor();
      await admin.getByTestId('archived-product').filter({ hasText: PRODUCT }).waitFor();
      await card.waitFor({ state: 'detached' });
      expect(await client.dbGet(`products/${productId}`)).toBeNull();
      expect(await client.dbGet<{ name: string }>(`archivedProducts/${productId}`)).toMatchObject({ name: PRODUCT });

      await admin
        .getByTestId('archived-product')
        .filter({ hasText: PRODUCT })
        .getByRole('button', { name: 'Przywróć' })
        .click();
      await confirmDialog(admin);
      await admin
        .getByTestId('admin-result')
        .filter({ hasText: `Przywrócono produkt „${PRODUCT}”.` })
        .waitFor();
      await admin.getByTestId('product-card').filter({ hasText: PRODUCT }).waitFor();
      expect(await client.dbGet(`archivedProducts/${productId}`)).toBeNull();
      expect(await client.dbGet<{ name: string }>(`products/${productId}`)).toMatchObject({ name: PRODUCT });
    },
    SLOW,
  );

  it(
    'an admin recounts reservations after a placement that died and sees what was corrected',
    async () => {
      // What a function instance that died after reserving leaves: 3 shirts taken, no order for them.
      const product = await client.dbGet<{ variants: Record<string, { label: string; sold: number }> }>(
        `products/${productId}`,
      );
      const [variantM, m] = Object.entries(product.variants).find(([, v]) => v.label === 'M')!;
      await client.dbPatch(`products/${productId}/variants/${variantM}`, { sold: m.sold + 3 });
      await admin.goto(`${web}/dashboard/admin?tab=zamowienia`);
      await admin.getByTestId('reconcile-start').click();
      await admin
        .getByText('Na czas przeliczania (kilka sekund) nowe zamówienia są wstrzymywane', { exact: false })
        .waitFor();
      await confirmDialog(admin);
      await admin
        .getByTestId('admin-result')
        .filter({ hasText: `${PRODUCT} (M) ${m.sold + 3} → ${m.sold}` })
        .waitFor();
      expect(await client.dbGet<number>(`products/${productId}/variants/${variantM}/sold`)).toBe(m.sold);
      expect(await client.dbGet(`maintenance`)).toBeNull();
    },
    SLOW,
  );

  it(
    'exports orders as CSV for the accountant',
    async () => {
      await admin.goto(`${web}/dashboard/statystyki`);
      await admin.getByTestId('admin-stats').waitFor();
      const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('export-csv').click()]);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text.slice(1).split('\r\n')[0]).toMatch(/^Numer zamówienia;Data złożenia;Status;/);
      const line = text.split('\r\n').find((l) => l.startsWith(`${orderNumber};`));
      expect(line).toMatch(
        new RegExp(
          `;opłacone;sklepik;${PARTICIPANT.email.replaceAll('.', '\\.')};Marta Nowak;.*;121,14;27,86;149,00;\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d;FV/\\d{4}/\\d{6};0,00;149,00;$`,
        ),
      ); // nothing refunded, no corrections
      expect(pageErrors).toEqual([]);
    },
    SLOW,
  );
});
