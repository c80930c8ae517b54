// Discount codes (issue 30) in Chromium on the shared stack: the admin creates a member code in the
// „Kody rabatowe” tab; a participant opens the checkout from a link with the code, sees the new price
// per line, orders, and the invoice carries the price after the discount; a wrong code gets its Polish
// message at the field, and a single-use crew code gives a free ticket confirmed at once, without a
// payment step or an invoice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';
import { demoParticipantCopy, sharedStack, type ParticipantCopy } from './support/shared';
import { appPage, DEMO, signIn, stackClient } from './support/stack';

const STEP_ONE = '/dashboard/uczestnicy/basket/TicketsStepOne';
const MEMBER_CODE = `CZLONEK-${Date.now().toString(36).toUpperCase()}`;

let client: ReturnType<typeof stackClient>;
let browser: Browser;
let web: string;
let admin: Page;
let member: ParticipantCopy;
let crew: ParticipantCopy;
const pageErrors: Error[] = [];

/** One ticket for the account holder in the basket, as the basket page writes it. */
const basketWithOneTicket = (who: ParticipantCopy, ticketTypeId: string) =>
  client.dbPut(`baskets/${who.uid}`, { tickets: { self: { ticketTypeId } }, updatedAt: Date.now() });

async function placeThroughCheckout(p: Page, submit: string): Promise<string> {
  await p.getByRole('button', { name: 'Dalej: dane nabywcy' }).click();
  await p.getByRole('checkbox', { name: /Akceptuję regulamin/ }).check();
  await p.getByRole('button', { name: submit }).click();
  await p.getByTestId('order-confirmation').waitFor();
  return new URL(p.url()).searchParams.get('zamowienie')!;
}

/** A participant's phone-sized page, signed in. */
async function participantPage(who: ParticipantCopy): Promise<Page> {
  const page = await appPage(browser, web, pageErrors, { viewport: 'phone' });
  await signIn(page, web, who);
  return page;
}

beforeAll(async () => {
  const stack = sharedStack();
  client = stackClient(stack);
  web = stack.urls.web;
  [member, crew] = await Promise.all([demoParticipantCopy(stack, 'rabat'), demoParticipantCopy(stack, 'ekipa')]);
  browser = await launchBrowser();
  admin = await appPage(browser, web, pageErrors, { viewport: 'desktop' });
}, 400_000);

afterAll(async () => {
  await browser?.close();
});

describe('discount codes in Chromium', () => {
  it('the admin creates a member code in „Kody rabatowe”', async () => {
    await signIn(admin, web, DEMO.admin);
    await admin.goto(`${web}/dashboard/admin?tab=kody`);
    const form = admin.getByRole('form', { name: 'Nowy kod rabatowy' });
    await form.getByRole('textbox', { name: /^Kod/ }).fill(MEMBER_CODE.toLowerCase());
    await form.getByLabel('Zniżka w procentach').fill('20');
    await form.getByLabel('Opis (dla kogo)').fill('Członkowie stowarzyszenia');
    await form.getByRole('button', { name: 'Utwórz kod' }).click();
    await form.getByText(`Utworzono kod ${MEMBER_CODE}.`).waitFor();
    await admin.getByTestId('discount-row').filter({ hasText: MEMBER_CODE }).getByText('−20%').waitFor();
    // Editing keeps the code and changes its terms: who it is for, and a limit per account.
    await admin.getByRole('button', { name: `Zmień kod ${MEMBER_CODE}` }).click();
    const edit = admin.getByRole('form', { name: `Zmień kod ${MEMBER_CODE}` });
    await edit.getByLabel('Opis (dla kogo)').fill('Członkowie (2026)');
    await edit.getByLabel('Użyć na jedno konto').fill('5');
    await edit.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await edit.getByText(`Zapisano zmiany kodu ${MEMBER_CODE}.`).waitFor();
    await admin.getByTestId('discount-row').filter({ hasText: MEMBER_CODE }).getByText('Członkowie (2026)').waitFor();
    expect(await client.dbGet(`discountCodes/${MEMBER_CODE}`)).toMatchObject({
      kind: 'percent',
      value: 20,
      maxPerAccount: 5,
      label: 'Członkowie (2026)',
    });
  }, 240_000);

  it('a member opens the checkout from a link with the code: lower price per line, and the invoice shows it', async () => {
    await basketWithOneTicket(member, 'karnet-3-dniowy');
    const participant = await participantPage(member);
    await participant.goto(`${web}${STEP_ONE}?kod=${MEMBER_CODE.toLowerCase()}`);
    await participant.getByTestId('discount-applied').getByText(`${MEMBER_CODE} · −20%`).waitFor();
    await expect.poll(() => participant.getByTestId('discounted-price').first().innerText()).toMatch(/151,20\s*zł/);
    expect(await participant.getByTestId('basket-total').innerText()).toMatch(/151,20\s*zł/);
    // On a 390 px phone the lines with their struck-through prices fit the card: „Usuń” is in view, no sideways scroll.
    const table = participant.getByRole('table', { name: 'Bilety w koszyku' });
    const widths = await table.evaluate((t) => {
      const card = t.closest('.mantine-Card-root')!;
      const remove = t.querySelector('button[aria-label^="Usuń bilet"]')!.getBoundingClientRect();
      // How far anything between the table and its card scrolls sideways.
      let sideways = 0;
      for (let el: Element | null = t; el && el !== card; el = el.parentElement)
        sideways = Math.max(sideways, el.scrollWidth - el.clientWidth);
      return { cardRight: card.getBoundingClientRect().right, removeRight: remove.right, sideways, window: innerWidth };
    });
    expect(widths.window).toBe(390);
    expect(widths.removeRight).toBeLessThanOrEqual(widths.cardRight);
    expect(widths.sideways).toBeLessThanOrEqual(1);
    const orderId = await placeThroughCheckout(participant, 'Zamawiam i płacę przelewem');
    const order = await client.dbGet<{ totals: { gross: number }; discount: { code: string } }>(`orders/${orderId}`);
    expect(order).toMatchObject({ totals: { gross: 15120 }, discount: { code: MEMBER_CODE } });
    const paid = await client.call<{ invoiceId: string; invoiceNumber: string }>(DEMO.admin, 'confirmPayment', {
      orderId,
    });
    const invoice = await client.dbGet<{
      lines: Record<string, { unitGross: number; gross: number }>;
      totals: { gross: number };
    }>(`invoices/${member.uid}/${paid.invoiceId}`);
    expect(Object.values(invoice.lines)).toEqual([expect.objectContaining({ unitGross: 15120, gross: 15120 })]);
    expect(invoice.totals.gross).toBe(15120);
    await participant.getByText(`faktura ${paid.invoiceNumber}`).waitFor();
  }, 240_000);

  it('the shop checkout takes the code from a link too and shows the lower price per line', async () => {
    await client.dbPut(`baskets/${member.uid}/merch`, {
      'koszulka-m': { productId: 'koszulka-baltyk', variantId: 'M', quantity: 2 },
    });
    const participant = await participantPage(member);
    await participant.goto(`${web}/dashboard/sklepik/MerchBasket?kod=${MEMBER_CODE.toLowerCase()}`);
    await participant.getByTestId('discount-from-link').getByText(MEMBER_CODE).waitFor();
    await participant.getByRole('link', { name: 'Przejdź do zamówienia' }).click();
    await participant.getByTestId('discount-applied').getByText(`${MEMBER_CODE} · −20%`).waitFor();
    await expect.poll(() => participant.getByTestId('discounted-price').first().innerText()).toMatch(/110,40\s*zł/);
    expect(await participant.getByTestId('basket-total').innerText()).toMatch(/110,40\s*zł/);
  }, 240_000);

  it('a wrong code is refused at the field; a crew code gives a free ticket confirmed at once, without an invoice', async () => {
    const { codes } = await client.call<{ codes: string[] }>(DEMO.admin, 'createDiscountCodeBatch', {
      prefix: 'EKIPA',
      count: 1,
      terms: { kind: 'percent', value: 100, active: true, label: 'Ekipa' },
    });
    await basketWithOneTicket(crew, 'bilet-jednodniowy');
    const participant = await participantPage(crew);
    await participant.goto(`${web}${STEP_ONE}`);
    const field = participant.getByRole('form', { name: 'Kod rabatowy' });
    await field.getByLabel('Kod rabatowy').fill('nie-ma-takiego');
    await field.getByRole('button', { name: 'Zastosuj' }).click();
    await participant
      .getByText('Nie ma takiego kodu rabatowego: NIE-MA-TAKIEGO. Sprawdź, czy nie ma literówki.')
      .waitFor();
    await expect.poll(() => participant.getByRole('button', { name: 'Dalej: dane nabywcy' }).isDisabled()).toBe(true);
    await field.getByLabel('Kod rabatowy').fill(codes[0].toLowerCase());
    await field.getByRole('button', { name: 'Zastosuj' }).click();
    await participant.getByTestId('discount-applied').getByText(`${codes[0]} · bezpłatnie`).waitFor();
    await participant.getByText('Nie ma nic do zapłaty — zamówienie potwierdzimy od razu, bez faktury.').waitFor();
    const orderId = await placeThroughCheckout(participant, 'Zamawiam bezpłatnie');
    await participant
      .getByText(
        'Zamówienie jest potwierdzone — dzięki kodowi rabatowemu nie ma nic do zapłaty, więc nie wystawiamy faktury.',
      )
      .waitFor();
    expect(await participant.getByText('Numer konta').count()).toBe(0);
    expect(await client.dbGet(`orders/${orderId}`)).toMatchObject({
      status: 'paid',
      paidBy: 'discount',
      totals: { gross: 0 },
    });
    expect(await client.dbGet(`invoices/${crew.uid}`)).toBeNull();
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
