// E-mail and the payment QR code in Chromium against a stack of its own (its mail catcher is part of
// it, and this file stops and starts the catcher's SMTP server): a new participant orders, the QR code
// on the order confirmation and the one in the order e-mail (its HTML opened from the catcher on a
// phone-sized page) decode with jsQR — the app's QR decoder — to the Standard 2D payload of the
// order; the e-mail states the amount and the title; after the payment the e-mail carries the invoice
// PDF, which reads back with Polish glyphs (pdftotext). The settings switch turns off optional
// messages; a malformed preference record gives its card an error state, not an endless loader. With
// the SMTP server down an order still goes through, the admin „Poczta” view lists the message with its
// reason, and „Wyślij ponownie” delivers it exactly once.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startStack } from '../../scripts/lib/stack.mjs';
import { mailAttachment, mailByOutboxId, setSmtp, waitForMail } from '../../scripts/lib/mailInbox.mjs';
import { paymentQrPayload } from '../../functions/src/domain/paymentQr';
import { formatMoney } from '../../functions/src/domain/money';
import type { Seller } from '../../functions/src/domain/schemas';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../helpers/browser';
import { decodeQrInPage } from './support/qr';
import { DEMO, signIn, stackClient, type Account } from './support/stack';

type Stack = Awaited<ReturnType<typeof startStack>>;
const SLOW = 300_000;

let stack: Stack;
let inbox: string;
let browser: Browser;
let client: ReturnType<typeof stackClient>;
let seller: Seller;
let participant: Account;
let page: Page;
const pageErrors: Error[] = [];

beforeAll(async () => {
  stack = await startStack({ ports: 'free', seed: true, web: 'dev' });
  inbox = stack.urls.mail!;
  client = stackClient(stack);
  seller = await client.dbGet<Seller>('event/seller');
  participant = await client.register(`poczta-${Date.now()}@example.com`, { firstName: 'Łucja', lastName: 'Żmudzka' });
  browser = await launchBrowser();
  const context = await newContext(browser, { viewport: 'phone' });
  await context.addCookies([{ name: 'ncc_c', value: '1', url: stack.urls.web! }]);
  page = await context.newPage();
  collectPageErrors(page, pageErrors);
  page.setDefaultTimeout(90_000);
  await page.goto(`${stack.urls.web}/`);
  await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor({ timeout: 180_000 });
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('e-mail and payment QR in Chromium', () => {
  let orderId = '';
  let number = '';
  let payload = '';

  it(
    'the order confirmation and the order e-mail carry a payment QR that decodes to the order’s transfer',
    async () => {
      ({ orderId, number } = await client.placeOwnTicketOrder(participant));
      const order = await client.dbGet<{ totals: { gross: number } }>(`orders/${orderId}`);
      payload = paymentQrPayload({
        nip: seller.nip,
        bankAccount: seller.bankAccount,
        amountGrosze: order.totals.gross,
        recipientName: seller.name,
        title: number,
      })!;
      expect(payload.split('|')).toEqual([
        seller.nip,
        'PL',
        seller.bankAccount.replace(/\s/g, ''),
        String(order.totals.gross).padStart(6, '0'),
        'Stowarzyszenie Żegla',
        number,
        '',
        '',
        '',
      ]);

      await signIn(page, stack.urls.web!, participant);
      await page.goto(`${stack.urls.web}/dashboard/uczestnicy/basket/TicketsStepTwo?zamowienie=${orderId}`);
      const block = page.getByTestId('payment-qr');
      await block.getByText('Zeskanuj w aplikacji banku').waitFor();
      expect(await block.getAttribute('data-payload')).toBe(payload);
      expect(await decodeQrInPage(page.getByTestId('payment-qr-code'))).toBe(payload);
      await screenshot(page, 'mail-order-confirmation-qr-phone');

      const mail = await waitForMail(
        inbox,
        (m: { messageId: string | null }) => m.messageId?.startsWith(`<op-${orderId}@`) ?? false,
      );
      expect(mail.envelope.to).toEqual([participant.email]);
      expect(mail.subject).toContain(number);
      expect(mail.text).toContain(`Kwota: ${formatMoney(order.totals.gross)}`);
      expect(mail.text).toContain(`Tytuł przelewu: ${number}`);
      // The HTML part as a phone shows it: the inline QR image decodes to the same payload.
      await page.goto(`${inbox}/api/messages/${mail.id}/html`);
      await page.getByText('Zeskanuj w aplikacji banku').waitFor();
      expect(await decodeQrInPage(page.locator('img[alt="Kod QR do zapłaty przelewem"]'))).toBe(payload);
      const width = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(width).toBe(true);
      await screenshot(page, 'mail-order-email-phone');
    },
    SLOW,
  );

  it(
    'after the payment the e-mail carries the invoice PDF with Polish glyphs',
    async () => {
      const { invoiceNumber } = await client.call<{ invoiceNumber: string }>(DEMO.admin, 'confirmPayment', { orderId });
      const mail = await waitForMail(
        inbox,
        (m: { messageId: string | null }) => m.messageId?.startsWith(`<pb-${orderId}@`) ?? false,
      );
      expect(mail.text).toContain(`Faktura VAT ${invoiceNumber} jest w załączniku`);
      const pdf = mail.attachments.find((a: { contentType: string }) => a.contentType === 'application/pdf');
      expect(pdf.filename).toBe(`Faktura-${invoiceNumber.replaceAll('/', '-')}.pdf`);
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'mail-e2e-')), 'faktura.pdf');
      writeFileSync(file, await mailAttachment(inbox, mail.id, pdf.index));
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Faktura VAT');
      expect(text).toContain(`nr ${invoiceNumber}`);
      expect(text).toContain('Stowarzyszenie Żeglarskie „Bryza”');
      expect(text).toContain('Kupujący Testowy');
      expect(text).toMatch(/Słownie: .*złot/);
    },
    SLOW,
  );

  it(
    'the settings switch turns the optional messages off',
    async () => {
      await page.goto(`${stack.urls.web}/dashboard/ustawienia`);
      const toggle = page.getByRole('switch', { name: 'Wiadomości dodatkowe' });
      await toggle.waitFor();
      expect(await toggle.isChecked()).toBe(true);
      await toggle.click({ force: true });
      await expect.poll(() => client.dbGet(`mailPrefs/${participant.uid}/optional`)).toBe(false);
      await expect.poll(() => toggle.isChecked()).toBe(false);
    },
    SLOW,
  );

  it(
    'a malformed preference shows the card’s error state, and the switch returns with good data',
    async () => {
      await page.goto(`${stack.urls.web}/dashboard/ustawienia`);
      const card = page.getByTestId('settings-mail');
      const toggle = card.getByRole('switch', { name: 'Wiadomości dodatkowe' });
      await toggle.waitFor();
      await client.dbPatch(`mailPrefs/${participant.uid}`, { optional: 'nie' });
      await card.getByText('Nie udało się wczytać ustawień powiadomień.').waitFor();
      expect(await card.getByTestId('malformed-record').textContent()).toContain(
        `mailPrefs/${participant.uid}/optional`,
      );
      await client.dbPatch(`mailPrefs/${participant.uid}`, { optional: true });
      await toggle.waitFor();
      expect(await toggle.isChecked()).toBe(true);
    },
    SLOW,
  );

  it(
    'with the SMTP server down the order goes through; „Poczta” lists the message and „Wyślij ponownie” delivers it once',
    async () => {
      await setSmtp(inbox, { running: false });
      // Another ticket type: the participant already holds a one-day ticket.
      const failedOrder = await client.placeOwnTicketOrder(participant, 'karnet-3-dniowy');
      const id = `op-${failedOrder.orderId}`;
      await expect.poll(() => client.dbGet(`outbox/${id}/status`)).toBe('failed');

      const adminContext = await newContext(browser, { viewport: 'desktop' });
      await adminContext.addCookies([{ name: 'ncc_c', value: '1', url: stack.urls.web! }]);
      const admin = await adminContext.newPage();
      collectPageErrors(admin, pageErrors);
      admin.setDefaultTimeout(90_000);
      await signIn(admin, stack.urls.web!, DEMO.admin);
      await admin.goto(`${stack.urls.web}/dashboard/admin?tab=poczta`);
      const row = admin.locator(`[data-testid="mail-row"][data-id="${id}"]`);
      await row.getByText('Serwer poczty jest niedostępny; ponowimy próbę.').waitFor();
      expect(await row.getAttribute('data-status')).toBe('failed');
      expect(await row.innerText()).toContain(participant.email);
      await screenshot(admin, 'mail-admin-poczta');

      await setSmtp(inbox, { running: true });
      await row.getByRole('button', { name: /^Wyślij ponownie/ }).click();
      await expect.poll(() => admin.getByTestId('mail-result').textContent()).toBe('Wysłano: 1 wiadomość.');
      await row.waitFor({ state: 'detached' });
      expect(await client.dbGet(`outbox/${id}/status`)).toBe('sent');
      expect(await mailByOutboxId(inbox, id)).toHaveLength(1);
      await adminContext.close();
      expect(pageErrors).toEqual([]);
    },
    SLOW,
  );
});
