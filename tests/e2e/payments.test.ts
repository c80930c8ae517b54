// Online payment in Chromium against the shared stack and its Przelewy24 stand-in (a test double,
// scripts/lib/p24StandIn.mjs): a new participant pays a ticket order from the checkout's
// confirmation and a hoodie order from the orders page with BLIK in the stand-in's window; back on
// the orders page each shows „Płatność w toku…” and turns „opłacone” with its invoice without a
// reload, and the payment-booked e-mail arrives. A refund of the ticket order goes back through the
// provider and its notification marks the correction transferred.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { waitForMail } from '../../scripts/lib/mailInbox.mjs';
import { USTKA } from '../helpers/buyers.mjs';
import { launchBrowser, screenshot } from '../helpers/browser';
import { postJson } from '../helpers/stackHttp.mjs';
import { sharedStack } from './support/shared';
import { describeFindings, overflowingText } from './support/overflow';
import { appPage, DEMO, settled, signIn, stackClient, type Account } from './support/stack';

const BUYER = { ...USTKA, name: 'Błażej Źrebiec' };

const SLOW = 300_000;
const stack = sharedStack();
const client = stackClient(stack);
let browser: Browser;
let page: Page;
let participant: Account;
const pageErrors: Error[] = [];

const control = (body: Record<string, unknown>) =>
  fetch(`${stack.urls.p24}/__control`, { method: 'POST', body: JSON.stringify(body) });

beforeAll(async () => {
  participant = await client.register(`p24-${Date.now()}@example.com`, { firstName: 'Błażej', lastName: 'Źrebiec' });
  browser = await launchBrowser();
  page = await appPage(browser, stack.urls.web, pageErrors, { viewport: 'phone' });
  await signIn(page, stack.urls.web, participant);
}, SLOW);

afterAll(async () => {
  await control({ delayMs: 0 });
  await browser?.close();
});

/**
 * The organiser's own page (signed in as the admin, in `viewport`) for `use`; afterwards the page has
 * thrown no error, and its context is closed.
 */
async function asAdmin(viewport: 'phone' | 'desktop', use: (admin: Page) => Promise<void>): Promise<void> {
  const adminErrors: Error[] = [];
  const admin = await appPage(browser, stack.urls.web, adminErrors, { viewport });
  await signIn(admin, stack.urls.web, DEMO.admin);
  await use(admin);
  expect(adminErrors).toEqual([]);
  await admin.context().close();
}

/** In the stand-in's window: BLIK, a 6-digit code, „Zapłać”; back in the app on the orders page. */
async function payWithBlik(p: Page): Promise<void> {
  await p.waitForURL(`${stack.urls.p24}/trnRequest/**`);
  await p.getByRole('radio', { name: 'BLIK' }).check();
  await p.getByLabel('Kod BLIK (6 cyfr)').fill('777123');
  await p.getByRole('button', { name: 'Zapłać' }).click();
  await p.waitForURL(`${stack.urls.web}/dashboard/zamowienia?platnosc=**`);
}

describe('online payment with BLIK', () => {
  let ticketOrderId = '';

  it(
    'a ticket order from the checkout’s confirmation: „Płatność w toku…”, then „opłacone”, the invoice and the e-mail without a reload',
    async () => {
      const { orderId, number } = await client.placeOwnTicketOrder(participant);
      ticketOrderId = orderId;
      await page.goto(`${stack.urls.web}/dashboard/uczestnicy/basket/TicketsStepTwo?zamowienie=${orderId}`);
      const online = page.getByTestId('online-payment');
      const payButton = online.getByRole('button', { name: 'Zapłać online (BLIK, szybki przelew, karta)' });
      await payButton.waitFor();
      // Online first, the traditional transfer (with its QR) second.
      const order = await page.evaluate(() => {
        const online = document.querySelector('[data-testid="online-payment"]');
        const qr = document.querySelector('[data-testid="payment-qr"]');
        return online && qr ? online.compareDocumentPosition(qr) & Node.DOCUMENT_POSITION_FOLLOWING : -1;
      });
      expect(order).toBeGreaterThan(0);
      await online.getByRole('heading', { name: 'Przelew tradycyjny' }).waitFor();
      await screenshot(page, 'payments-confirmation-phone');

      // The notification comes a few seconds after the return, so the page shows the payment in progress first.
      await control({ delayMs: 4000 });
      await payButton.click();
      await payWithBlik(page);
      const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
      await card.getByTestId('payment-in-progress').getByText('Płatność w toku…').waitFor();
      await screenshot(page, 'payments-in-progress-phone');
      await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));
      await card.and(page.locator('[data-status="paid"]')).waitFor();
      await card.getByText('opłacone', { exact: true }).waitFor();
      const invoiceNumber = await client.dbGet<string>(`orders/${orderId}/invoiceNumber`);
      await card.getByRole('link', { name: `Faktura ${invoiceNumber}` }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(
        true,
      );
      const mail = await waitForMail(
        stack.urls.mail!,
        (m: { messageId: string | null }) => m.messageId?.startsWith(`<pb-${orderId}@`) ?? false,
      );
      expect(mail.envelope.to).toEqual([participant.email]);
      expect(mail.subject).toContain(number);
      await screenshot(page, 'payments-paid-phone');
    },
    SLOW,
  );

  it(
    'a hoodie order from the orders page, paid the same way',
    async () => {
      await control({ delayMs: 0 });
      const lines = { 'l-1': { productId: 'bluza-sztorm', variantId: 'M', quantity: 1 } };
      const { orderId } = await client.orderBasket(participant, 'placeMerchOrder', { merch: lines }, BUYER);
      await page.goto(`${stack.urls.web}/dashboard/zamowienia`);
      const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
      await card.getByRole('button', { name: 'Zapłać online (BLIK, szybki przelew, karta)' }).click();
      await payWithBlik(page);
      await card.and(page.locator('[data-status="paid"]')).waitFor();
      await waitForMail(
        stack.urls.mail!,
        (m: { messageId: string | null }) => m.messageId?.startsWith(`<pb-${orderId}@`) ?? false,
      );
      // The invoice says how the money came: BLIK through the provider, not a transfer to the seller's account.
      const invoiceNumber = await client.dbGet<string>(`orders/${orderId}/invoiceNumber`);
      await card.getByRole('link', { name: `Faktura ${invoiceNumber}` }).click();
      expect(await page.getByTestId('invoice-payment-method').textContent()).toBe('BLIK (Przelewy24)');
      expect(pageErrors).toEqual([]);
    },
    SLOW,
  );

  it(
    'a refund of the ticket order returns the money through the provider',
    async () => {
      const { correctionId } = await client.call<{ correctionId: string }>(DEMO.admin, 'startRefund', {
        orderId: ticketOrderId,
        reason: 'Rezygnacja',
        bankAccount: '61109010140000071219812874',
      });
      await expect
        .poll(() => client.dbGet(`refunds/${ticketOrderId}/corrections/${correctionId}/status`), { timeout: 60_000 })
        .toBe('transferred');
      expect(await client.dbGet(`refunds/${ticketOrderId}/corrections/${correctionId}/transferredBy`)).toBe(
        'przelewy24',
      );
      // The participant's correction says the money goes back through the provider, not by a transfer to an account.
      await page.goto(`${stack.urls.web}/dashboard/faktury/${participant.uid}-${correctionId}`);
      expect(await page.getByTestId('correction-refund-method').textContent()).toBe(
        'zwrot przez Przelewy24 na rachunek lub kartę, z których zapłacono',
      );
      const mail = await waitForMail(
        stack.urls.mail!,
        (m: { messageId: string | null; subject: string }) =>
          m.subject.startsWith('Zwrot') &&
          m.subject.includes('wykonany') &&
          (m.messageId?.includes(correctionId) ?? false),
      );
      expect(mail.envelope.to).toEqual([participant.email]);
    },
    SLOW,
  );

  it(
    'a transfer that paid the online-paid order a second time is marked returned from the organiser’s „Zwroty”',
    async () => {
      const orderNumber = await client.dbGet<string>(`orders/${ticketOrderId}/number`);
      const amount = await client.dbGet<number>(`orders/${ticketOrderId}/totals/gross`);
      const transaction = {
        bookingDate: '2026-11-20',
        amountGrosze: amount,
        currency: 'PLN',
        title: orderNumber,
        payerName: 'BŁAŻEJ ŹREBIEC',
        payerAccount: '61109010140000071219812874',
        reference: `E2E-${Date.now()}`,
      };
      const { results } = await client.call<{ results: { txKey: string; outcome: string }[] }>(
        DEMO.admin,
        'bookBankTransactions',
        {
          items: [{ transaction, action: { kind: 'refund', orderIds: [ticketOrderId] } }],
          source: { format: 'mt940' },
        },
      );
      const { txKey } = results[0];
      expect(await client.dbGet(`bank/refundCandidates/${txKey}/status`)).toBe('open');

      await asAdmin('phone', async (admin) => {
        await admin.goto(`${stack.urls.web}/dashboard/admin?tab=zwroty`);
        const card = admin.locator(`[data-testid="bank-refund-candidate"][data-tx="${txKey}"]`);
        await card.getByRole('button', { name: 'Oznacz jako zwrócony' }).click();
        await card.getByText('Oznaczyć', { exact: false }).waitFor();
        await screenshot(admin, 'payments-bank-candidate-confirm-phone');
        await card.getByRole('button', { name: 'Oznacz jako zwrócony' }).click();
        await card.waitFor({ state: 'detached' });
        expect(await client.dbGet(`bank/refundCandidates/${txKey}`)).toMatchObject({
          status: 'refunded',
          settledBy: DEMO.admin.uid,
        });
      });
    },
    SLOW,
  );

  it(
    'the organiser’s „Płatności online”: every transaction, a forged notification logged live, a double payment returned from its card',
    async () => {
      // The window opened, then a transfer confirmed by the admin, then the payment in the window too: a refund candidate.
      const lines = { 'l-2': { productId: 'kubek-latarnia', variantId: 'standard', quantity: 1 } };
      const { orderId, number } = await client.orderBasket(participant, 'placeMerchOrder', { merch: lines }, BUYER);
      const { sessionId, redirectUrl } = await client.call<{ sessionId: string; redirectUrl: string }>(
        participant,
        'startOnlinePayment',
        { orderId },
      );
      await client.call(DEMO.admin, 'confirmPayment', { orderId });
      await fetch(`${stack.urls.p24}/__pay`, {
        method: 'POST',
        body: JSON.stringify({ token: redirectUrl.split('/trnRequest/')[1] }),
      });
      await expect
        .poll(() => client.dbGet(`payments/${sessionId}/status`), { timeout: 60_000 })
        .toBe('refund-candidate');

      await asAdmin('desktop', async (admin) => {
        // The refunds tab lists it beside the corrections.
        await admin.goto(`${stack.urls.web}/dashboard/admin?tab=zwroty`);
        await admin.getByTestId('online-refund-candidates').locator(`[data-order-number="${number}"]`).waitFor();
        await admin.goto(`${stack.urls.web}/dashboard/admin?tab=platnosci`);
        const tab = admin.getByTestId('online-payments-tab');
        await tab
          .locator(`[data-testid="online-payment-row"][data-order-number="${number}"][data-status="refund-candidate"]`)
          .waitFor();
        const ticketNumber = await client.dbGet<string>(`orders/${ticketOrderId}/number`);
        const paidRow = tab.locator(`[data-testid="online-payment-row"][data-order-number="${ticketNumber}"]`);
        await paidRow.getByText('opłacona').waitFor();
        await paidRow.getByText('BLIK').first().waitFor();
        await tab.getByTestId('online-daily-totals').getByTestId('online-day').first().waitFor();

        // A forged notification (a sign made without our CRC key) shows up in the log as it is refused.
        const forged = {
          merchantId: 1,
          posId: 1,
          sessionId,
          amount: 1,
          originAmount: 1,
          currency: 'PLN',
          orderId: 1,
          methodId: 154,
          statement: 'x',
          sign: 'a'.repeat(96),
        };
        const refused = await postJson(
          `${stack.urls.functions}/${stack.projectId}/${stack.region}/p24Notification`,
          forged,
        );
        expect(refused.status).toBe(400);
        await admin.getByRole('switch', { name: 'Tylko do sprawdzenia' }).check({ force: true });
        await tab
          .getByTestId('payment-notification-row')
          .filter({ hasText: 'nieprawidłowa suma kontrolna (sign)' })
          .first()
          .waitFor();
        await screenshot(admin, 'payments-admin-desktop-light');

        const candidate = tab.locator(`[data-testid="online-refund-candidate"][data-order-number="${number}"]`);
        await candidate.getByRole('button', { name: 'Zwróć przez Przelewy24' }).click();
        await candidate.getByRole('button', { name: 'Zwróć wpłatę' }).click();
        // The provider's refund notification completes it: the card leaves the list, the row keeps the refund.
        await candidate.waitFor({ state: 'detached' });
        await tab
          .locator(`[data-testid="online-payment-row"][data-order-number="${number}"]`)
          .getByText(/^zwrot .*: zwrócony$/)
          .waitFor();
      });
    },
    SLOW,
  );

  it(
    'the screens at 1280 px and in dark mode',
    async () => {
      const { orderId } = await client.placeOwnTicketOrder(participant, 'karnet-3-dniowy');
      for (const [viewport, colorScheme] of [
        ['desktop', 'light'],
        ['desktop', 'dark'],
        ['phone', 'dark'],
      ] as const) {
        const p = await appPage(browser, stack.urls.web, [], { viewport, colorScheme });
        await signIn(p, stack.urls.web, participant);
        await p.goto(`${stack.urls.web}/dashboard/zamowienia`);
        await p
          .locator(`[data-testid="order-card"][data-order-id="${orderId}"]`)
          .getByTestId('online-payment')
          .waitFor();
        await screenshot(p, `payments-orders-${viewport}-${colorScheme}`);
        await p.context().close();
        const a = await appPage(browser, stack.urls.web, [], { viewport, colorScheme });
        await signIn(a, stack.urls.web, DEMO.admin);
        await a.goto(`${stack.urls.web}/dashboard/admin?tab=platnosci`);
        await a.getByTestId('online-payment-row').first().waitFor();
        await settled(a);
        expect(describeFindings(await overflowingText(a))).toBe('');
        await screenshot(a, `payments-admin-${viewport}-${colorScheme}`);
        await a.context().close();
      }
    },
    SLOW,
  );
});
