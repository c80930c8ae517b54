// The waiting list in Chromium against the shared stack (docs/waiting-list.md): a ticket type sells
// out, a participant puts themself on its waiting list and sees their place; the holder of the last
// ticket cancels; the offer e-mail arrives in the mail catcher; its link opens the checkout with the
// ticket in the basket, and the participant buys it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { waitForMail } from '../../scripts/lib/mailInbox.mjs';
import { launchBrowser, screenshot } from '../helpers/browser';
import { sharedStack, type SharedStack } from './support/shared';
import { appPage, DEMO, signIn, stackClient, type Account } from './support/stack';

let stack: SharedStack;
let client: ReturnType<typeof stackClient>;
let browser: Browser;
let page: Page;
const pageErrors: Error[] = [];
const typeId = `lista-${randomUUID().slice(0, 8)}`;
const typeName = `Rejs o zachodzie ${typeId.slice(6)}`;
let holder: Account;
let holderOrderId: string;
let participant: Account;

beforeAll(async () => {
  stack = sharedStack();
  client = stackClient(stack);
  await client.dbPatch('ticketTypes', {
    [typeId]: {
      name: typeName,
      description: 'Jedno miejsce na łodzi',
      priceGrosze: 5000,
      vatRate: 8,
      quota: 1,
      sold: 0,
      active: true,
      sortOrder: 9000,
    },
  });
  holder = await client.register(`lista-wlasciciel-${randomUUID().slice(0, 8)}@example.com`, {
    firstName: 'Henryk',
    lastName: 'Posiadacz',
  });
  ({ orderId: holderOrderId } = await client.placeOwnTicketOrder(holder, typeId));
  participant = await client.register(`lista-czeka-${randomUUID().slice(0, 8)}@example.com`, {
    firstName: 'Wanda',
    lastName: 'Czekająca',
  });
  browser = await launchBrowser();
  page = await appPage(browser, stack.urls.web, pageErrors, { viewport: 'phone' });
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

describe('waiting list in Chromium', () => {
  it('sold out → join the list → someone cancels → offer e-mail → its link → purchase', async () => {
    const web = stack.urls.web;
    await signIn(page, web, participant);
    await page.goto(`${web}/dashboard/uczestnicy/TicketBasket`);
    await page.getByRole('radio', { name: `${typeName} — Wanda Czekająca` }).waitFor();
    await page.getByRole('button', { name: `Zapisz na listę oczekujących: Wanda Czekająca, „${typeName}”` }).click();
    await page.getByTestId('waiting-place').getByText('Lista oczekujących: miejsce 1').waitFor();
    await page.getByRole('button', { name: `Wypisz z listy: Wanda Czekająca, „${typeName}”` }).waitFor();
    await screenshot(page, 'waiting-list-joined-phone');

    // The admin sees the entry in the list of its type (dark scheme, desktop), with reorder and remove.
    const admin = await appPage(browser, web, pageErrors, { viewport: 'desktop', colorScheme: 'dark' });
    await signIn(admin, web, DEMO.admin);
    await admin.goto(`${web}/dashboard/admin?tab=lista-oczekujacych`);
    const list = admin.locator(`[data-testid="waiting-list-admin"][data-ticket-type="${typeId}"]`);
    await list.getByRole('cell', { name: 'Wanda Czekająca', exact: true }).waitFor();
    await list.getByRole('button', { name: 'Usuń z listy: Wanda Czekająca' }).waitFor();
    await screenshot(admin, 'waiting-list-admin-desktop-dark');
    // The statistics count her among those waiting for the type, none with an offer yet.
    await admin.goto(`${web}/dashboard/statystyki`);
    const stats = admin.getByRole('table', { name: 'Osoby na listach oczekujących według rodzaju biletu' });
    await stats.getByRole('row', { name: `${typeName} 1 0`, exact: true }).waitFor();
    await admin.context().close();

    await client.call(holder, 'cancelOrder', { orderId: holderOrderId });
    // The page is live: the offer and its deadline appear without a reload, the ticket is in the basket.
    await page.getByTestId('waiting-offer').waitFor();
    const offered = page.getByRole('radio', { name: `${typeName} — Wanda Czekająca` });
    expect(await offered.isChecked()).toBe(true);
    // The card says what is true for her — the ticket is held for her, with its deadline — not „wyprzedane”.
    const note = offered.getByTestId('ticket-availability');
    await note.getByText(/^z listy oczekujących — zarezerwowany do \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/).waitFor();
    await screenshot(page, 'waiting-list-offer-phone');
    // Put back, the held ticket can be chosen again.
    await page.getByRole('radio', { name: 'Bez biletu — Wanda Czekająca' }).click();
    await page.waitForFunction(
      (name) => document.querySelector(`[aria-label="${name}"]`)?.getAttribute('aria-checked') === 'false',
      `${typeName} — Wanda Czekająca`,
    );
    expect(await offered.isDisabled()).toBe(false);
    await offered.click();
    await page.waitForFunction(
      (name) => document.querySelector(`[aria-label="${name}"]`)?.getAttribute('aria-checked') === 'true',
      `${typeName} — Wanda Czekająca`,
    );

    const mail = await waitForMail(
      stack.urls.mail!,
      (m: { messageId: string | null; envelope?: { to?: string[] } }) =>
        (m.messageId?.startsWith('<wo-') ?? false) && (m.envelope?.to ?? []).includes(participant.email),
    );
    expect(mail.subject).toContain('Zwolnił się bilet');
    expect(mail.text).toContain(`Bilet: ${typeName}`);
    const link = /Kup bilet: (\S+)/.exec(mail.text as string)?.[1];
    expect(link).toBe(`${web}/dashboard/uczestnicy/basket/TicketsStepOne`);

    await page.goto(link!);
    await page.getByTestId('basket-line').getByText(typeName).waitFor();
    await page.getByRole('button', { name: 'Dalej: dane nabywcy' }).click();
    await page.waitForURL(`${web}/dashboard/uczestnicy/basket/TicketsStepTwo`);
    await page.getByLabel('Ulica i numer').fill('ul. Portowa 5');
    await page.getByLabel('Kod pocztowy').fill('76-270');
    await page.getByLabel('Miejscowość').fill('Ustka');
    await page.getByLabel(/Akceptuję regulamin sprzedaży/).check();
    await page.getByRole('button', { name: 'Zamawiam i płacę przelewem' }).click();
    await page.getByTestId('order-confirmation').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('transfer-amount').textContent()).toBe('50,00\u00a0zł');

    const type = await client.dbGet<{ sold: number; offers?: unknown }>(`ticketTypes/${typeId}`);
    expect(type).toMatchObject({ sold: 1 });
    expect(type.offers).toBeUndefined();
    expect(await client.dbGet(`waitingList/${typeId}`)).toBeNull();
    expect(pageErrors).toEqual([]);
  });
});
