// End-to-end tests of the participant's shop, orders, invoices and pickup screens (issue 5, part B)
// in Chromium against the real local stack (our RTDB emulator, the Auth and Functions emulators,
// the seeded example event and demo accounts, the web app), with a copy of the demo participant.
// The admin's side (confirming a payment, editing stock) is a test step through the callables,
// called as the demo admin over their HTTP protocol, exactly as the admin screen's SDK sends them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { amountInWords, computeTotals } from '../../functions/src/domain/index.js';
import {
  launchBrowser,
  SCREENSHOT_DIR,
  screenshot as fullPageScreenshot,
  type ContextOptions,
} from '../helpers/browser';
import { demoParticipantCopy, sharedStack, type ParticipantCopy, type SharedStack } from './support/shared';
import { appPage, signIn, stackClient } from './support/stack';

const accounts = JSON.parse(readFileSync(new URL('../../seed/demo-accounts.json', import.meta.url), 'utf8')) as {
  accounts: { uid: string; email: string; password: string; role: string; pickupCode: string }[];
};
const account = (role: string) => accounts.accounts.find((a) => a.role === role)!;
const STAFF = account('obsługa');
const ADMIN = account('administrator');
const seedEvent = JSON.parse(readFileSync(new URL('../../seed/event.example.json', import.meta.url), 'utf8')) as {
  products: Record<
    string,
    {
      name: string;
      description: string;
      priceGrosze: number;
      vatRate: number;
      active: boolean;
      sortOrder: number;
      variants: Record<string, { label: string; stock: number; sortOrder: number }>;
    }
  >;
};

let stack: SharedStack;
/** The demo participant's own copy for this file (the stack is shared). */
let PARTICIPANT: ParticipantCopy;
let browser: Browser;
let web: string;
let adminCall: (name: string, data: unknown) => Promise<unknown>;
let dbGet: ReturnType<typeof stackClient>['dbGet'];

beforeAll(async () => {
  stack = sharedStack();
  PARTICIPANT = await demoParticipantCopy(stack, 'participantb');
  web = stack.urls.web!;
  browser = await launchBrowser();
  const client = stackClient(stack);
  adminCall = (name, data) => client.call(ADMIN, name, data);
  dbGet = client.dbGet;
});

afterAll(async () => {
  // The hoodie's sizes sold out here go back on sale for whoever runs next on the shared stack.
  if (adminCall) await adminCall('upsertProduct', await productWithLeft('bluza-sztorm', {}));
  await browser?.close();
});

async function signedInPage(
  email: string,
  password: string,
  options: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const errors: Error[] = [];
  // The cookie banner would cover the bottom of every screenshot; it has its own tests (shell).
  const page = await appPage(browser, web, errors, options);
  await page.context().addCookies([{ name: 'ncc_e', value: '', url: web }]);
  await signIn(page, web, { email, password });
  return { context: page.context(), page, errors };
}

/** The participant's page, signed in (signedInPage). */
const participantPage = (options?: ContextOptions) => signedInPage(PARTICIPANT.email, PARTICIPANT.password, options);

/** The phone in dark mode, the second look the order and invoice screens get. */
const DARK_PHONE: ContextOptions = { viewport: 'phone', colorScheme: 'dark' };

/** From the top: a full-page capture taken while scrolled would paint the sticky header mid-page. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return fullPageScreenshot(page, name);
}

/** Opens a page by its address (the session comes back from the browser's storage). */
async function go(page: Page, path: string) {
  await page.goto(`${web}${path}`);
}

/** Puts the item page's choice into the basket and waits until the page confirms it. */
async function addToBasket(page: Page) {
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await page.getByTestId('added-to-basket').waitFor();
}

/** On the checkout's summary: places the order, to be paid by transfer, and waits for its confirmation. */
async function orderPayingByTransfer(page: Page) {
  await page.getByRole('button', { name: 'Zamawiam i płacę przelewem' }).click();
  await page.getByTestId('order-confirmation').waitFor();
}

const variantChip = (page: Page, label: string) => page.locator(`input[type="radio"][value="${label}"]`);
/** The visible chip of a variant (its radio input is visually hidden). */
const pickVariant = (page: Page, label: string) =>
  page
    .locator('.mantine-Chip-label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();

/** How many products are on sale now (read as the Admin SDK would). */
async function activeProductCount(): Promise<number> {
  const response = await fetch(`${stack.urls.rtdb}/products.json?ns=${stack.namespace}&auth=owner`);
  const products = ((await response.json()) ?? {}) as Record<string, { active: boolean }>;
  return Object.values(products).filter((p) => p.active).length;
}

/** Product payload for upsertProduct from the seed, with some variants' stock changed. */
/**
 * The product as seeded, with `left` items still for sale of the named variants. The stack is shared:
 * other files may have sold some of a variant, and stock counts what was sold too (it may never fall
 * below it), so the stock set is what has been sold plus what is left; unnamed variants keep the
 * seeded stock, or what was sold when that is more.
 */
async function productWithLeft(productId: string, left: Record<string, number>) {
  const p = seedEvent.products[productId];
  const stored = await dbGet<{ variants?: Record<string, { sold?: number }> } | null>(`products/${productId}`);
  const variants = Object.fromEntries(
    Object.entries(p.variants).map(([id, v]) => {
      const sold = stored?.variants?.[id]?.sold ?? 0;
      return [id, { ...v, stock: left[id] === undefined ? Math.max(v.stock, sold) : sold + left[id] }];
    }),
  );
  return {
    id: productId,
    product: {
      name: p.name,
      description: p.description,
      priceGrosze: p.priceGrosze,
      vatRate: p.vatRate,
      active: p.active,
      sortOrder: p.sortOrder,
      variants,
    },
  };
}

describe('participant: shop, orders, invoices, pickup (Chromium)', () => {
  let orderId = '';
  let orderNumber = '';
  let invoicePath = '';
  const TSHIRT = seedEvent.products['koszulka-baltyk'];

  it('buys a T-shirt in size M and sees the transfer instructions', async () => {
    const { context, page, errors } = await participantPage({
      viewport: 'phone',
    });
    await go(page, '/dashboard/sklepik');
    await page.getByTestId('product-card').first().waitFor();
    // Every product on sale (other files on the shared stack may add their own).
    await expect
      .poll(async () => (await page.getByTestId('product-card').count()) === (await activeProductCount()))
      .toBe(true);
    expect(await page.getByTestId('product-card').filter({ hasText: TSHIRT.name }).textContent()).toContain(
      '69,00\u00a0zł',
    );
    await screenshot(page, 'b-shop-list-phone');

    await page.getByRole('link', { name: `Wybierz: ${TSHIRT.name}` }).click();
    await page.waitForURL(`${web}/dashboard/sklepik/koszulka-baltyk`);
    // Without a size the form says so, next to the field.
    await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
    await page.getByText('Wybierz rozmiar lub wariant').waitFor();
    await pickVariant(page, 'M');
    await page.getByTestId('variant-availability').waitFor();
    // Too many is kept as typed and the field says the limit and why, instead of quietly lowering it.
    const quantity = page.getByLabel(/^Liczba sztuk/);
    await quantity.fill('21');
    await expect.poll(() => quantity.getAttribute('aria-invalid')).toBe('true');
    expect(await quantity.inputValue()).toBe('21');
    const describedBy = (await quantity.getAttribute('aria-describedby'))!.split(/\s+/).filter(Boolean);
    const said = (await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
    expect(said).toMatch(/Na jedno konto można kupić najwyżej \d+ sztuk tego wariantu|Dostępne tylko \d+ szt\./);
    await quantity.fill('1');
    await expect.poll(() => quantity.getAttribute('aria-invalid')).not.toBe('true');
    await addToBasket(page);
    await screenshot(page, 'b-shop-item-phone');

    await page.getByRole('link', { name: 'Przejdź do koszyka' }).click();
    await page.getByTestId('basket-line').waitFor();
    expect(await page.getByTestId('basket-total').textContent()).toBe('69,00\u00a0zł');
    await screenshot(page, 'b-basket-phone');
    await page.getByRole('link', { name: 'Przejdź do zamówienia' }).click();
    await page.waitForURL(/MerchStepOne$/);
    await page.getByRole('link', { name: 'Dalej: dane nabywcy' }).click();
    await page.waitForURL(/MerchStepTwo$/);
    // Prefilled from the profile's invoice data.
    await expect.poll(() => page.getByLabel('Imię i nazwisko').inputValue()).toBe('Marta Nowak');
    // Without the terms accepted the step refuses to go on.
    await page.getByRole('button', { name: 'Dalej: podsumowanie' }).click();
    await page.getByText('Zaakceptuj regulamin sprzedaży').waitFor();
    // A company with a wrong NIP is refused by the shared schema; the data typed stays when going back and forth.
    await page.getByLabel('Firmę (z NIP)').check();
    await page.locator('input[name="buyer-nip"]').fill('123-456-78-90');
    await page.getByText('Nieprawidłowy NIP').waitFor();
    await page.getByLabel('Osobę prywatną').check();
    await page.getByLabel(/Akceptuję regulamin sprzedaży/).check();
    await screenshot(page, 'b-merch-step-two-phone');
    await page.getByRole('button', { name: 'Dalej: podsumowanie' }).click();
    await page.waitForURL(/MerchStepThree$/);
    await orderPayingByTransfer(page);
    orderNumber = (await page.getByTestId('order-number').textContent())!;
    expect(orderNumber).toMatch(/^ZAM\/\d{4}\/\d{6}$/);
    expect(await page.getByTestId('transfer-amount').textContent()).toBe('69,00\u00a0zł');
    expect(await page.getByTestId('transfer-title').textContent()).toBe(orderNumber);
    expect(await page.getByTestId('transfer-account').textContent()).toBe('22 1020 4795 0000 1234 5678 9012');
    // The deadline is the end of a named Warsaw day; each line shows its quantity and variant.
    expect(await page.getByTestId('transfer-pay-by').textContent()).toMatch(/^\d{1,2} \p{L}+ \d{4}, do godz\. 23:59$/u);
    expect(await page.getByTestId('order-line-quantity').first().textContent()).toBe('1 szt. × 69,00\u00a0zł');
    expect(await page.getByRole('table', { name: 'Pozycje zamówienia' }).textContent()).toContain('wariant M');
    await screenshot(page, 'b-merch-confirmation-phone');
    // A reload of the confirmation keeps it (the checkout state survives) and places nothing twice.
    await page.reload();
    await page.getByTestId('order-confirmation').waitFor();
    expect(await page.getByTestId('order-number').textContent()).toBe(orderNumber);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the pending order, turns it paid live when the admin confirms, and links the invoice', async () => {
    const { context, page, errors } = await participantPage();
    await go(page, '/dashboard/zamowienia');
    const card = page.locator(`[data-testid="order-card"][data-order-number="${orderNumber}"]`);
    await card.waitFor();
    expect(await page.getByTestId('order-card').count()).toBe(1);
    expect(await card.getAttribute('data-status')).toBe('pending');
    expect(await card.getByTestId('order-status').textContent()).toBe('oczekuje na płatność');
    expect(await card.textContent()).toContain('Koszulka „Bałtyk”');
    expect(await card.textContent()).toContain('wariant M');
    expect(await card.getByTestId('transfer-title').textContent()).toBe(orderNumber);
    await screenshot(page, 'b-orders-pending-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'b-orders-pending-narrow');
    await page.setViewportSize({ width: 1280, height: 800 });
    orderId = (await card.getAttribute('data-order-id'))!;

    const confirmed = (await adminCall('confirmPayment', { orderId })) as { invoiceId: string; invoiceNumber: string };
    // The open page follows without a reload.
    await page.locator(`[data-testid="order-card"][data-order-number="${orderNumber}"][data-status="paid"]`).waitFor();
    expect(await card.getByTestId('order-status').textContent()).toBe('opłacone');
    expect(await card.getByTestId('transfer-instructions').count()).toBe(0);
    await screenshot(page, 'b-orders-paid-desktop');

    await card.getByRole('link', { name: `Faktura ${confirmed.invoiceNumber}` }).click();
    invoicePath = `/dashboard/faktury/${PARTICIPANT.uid}-${confirmed.invoiceId}`;
    await page.waitForURL(`${web}${invoicePath}`);
    await page.getByTestId('invoice-document').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const phone = await participantPage(DARK_PHONE);
    await go(phone.page, '/dashboard/zamowienia');
    await phone.page.locator('[data-testid="order-card"][data-status="paid"]').waitFor();
    await screenshot(phone.page, 'b-orders-paid-phone-dark');
    await go(phone.page, '/dashboard/sklepik');
    await phone.page.getByTestId('product-card').first().waitFor();
    await screenshot(phone.page, 'b-shop-list-phone-dark');
    await phone.context.close();
  });

  it('renders the invoice with the right totals, VAT and amount in words, prints on A4 and downloads a PDF', async () => {
    const { context, page, errors } = await participantPage();
    await go(page, '/dashboard/faktury');
    await page.getByTestId('invoice-row').waitFor();
    expect(await page.getByTestId('invoice-row').count()).toBe(1);
    await page.getByTestId('invoice-row').getByRole('link').click();
    await page.waitForURL(`${web}${invoicePath}`);
    const doc = page.getByTestId('invoice-document');
    await doc.waitFor();

    const expected = computeTotals([{ unitGross: TSHIRT.priceGrosze, quantity: 1, vatRate: 23 }]);
    // Amounts under 1000 zł: no thousands separator to care about.
    const cell = (n: number) => (n / 100).toFixed(2).replace('.', ',');
    expect(await page.getByTestId('invoice-number').textContent()).toMatch(/^FV\/\d{4}\/\d{6}$/);
    expect(await page.getByTestId('invoice-total').textContent()).toBe('69,00\u00a0zł');
    expect(await page.getByTestId('invoice-words').textContent()).toBe(amountInWords(TSHIRT.priceGrosze));
    expect(await page.getByTestId('invoice-words').textContent()).toBe('sześćdziesiąt dziewięć złotych 00/100');
    const totalsRow = (await page.getByTestId('invoice-totals').locator('td').allTextContents()).map((t) => t.trim());
    expect(totalsRow).toEqual(['Razem', cell(expected.net), cell(expected.vat), cell(expected.gross)]);
    expect(totalsRow).toEqual(['Razem', '56,10', '12,90', '69,00']);
    const line = (
      await page.getByTestId('invoice-lines').locator('tbody tr').first().locator('td').allTextContents()
    ).map((t) => t.trim());
    expect(line).toEqual(['1', 'Koszulka „Bałtyk” (M)', 'szt.', '1', '56,10', '56,10', '23%', '12,90', '69,00']);
    const text = (await doc.textContent())!;
    for (const part of [
      'Faktura VAT',
      'Sprzedawca',
      'Stowarzyszenie Żeglarskie „Bryza”',
      'NIP: 839-201-74-64',
      'Nabywca',
      'Marta Nowak',
      'Data wystawienia',
      'Data sprzedaży',
      'przelew',
      orderNumber,
    ]) {
      expect(text).toContain(part);
    }
    await screenshot(page, 'b-invoice-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pobierz PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Faktura-FV-\d{4}-\d{6}\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    await download.saveAs(path.join(SCREENSHOT_DIR, 'b-invoice.pdf'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The embedded TrueType font (for ą, ę, ł, ż …) is there.
    expect(pdf.toString('latin1')).toContain('LiberationSans');

    // Print: only the sheet, no app chrome.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header[data-app-chrome]').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Pobierz PDF' }).isVisible()).toBe(false);
    expect(await doc.isVisible()).toBe(true);
    await screenshot(page, 'b-invoice-print');
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
    await context.close();

    const phone = await participantPage(DARK_PHONE);
    await go(phone.page, invoicePath);
    await phone.page.getByTestId('invoice-document').waitFor();
    await screenshot(phone.page, 'b-invoice-phone-dark');
    await phone.context.close();
  });

  it('shows the paid T-shirt waiting in Odbierz with a scannable QR code of the pickup code', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page, errors } = await participantPage({ viewport });
      await go(page, '/dashboard/odbierz');
      const item = page.locator('[data-testid="pickup-item"][data-status="waiting"]');
      await item.waitFor();
      expect(await item.count()).toBe(1);
      expect(await item.textContent()).toContain('Koszulka „Bałtyk” (M)');
      expect(await item.textContent()).toContain('do odbioru');
      expect(await page.getByTestId('pickup-code').textContent()).toBe(PARTICIPANT.pickupCode);
      const qr = page.getByRole('img', { name: /Kod QR z kodem odbioru/ });
      await qr.waitFor();
      const box = (await qr.boundingBox())!;
      // Large enough to scan from a phone screen: at least 240 CSS px, square.
      expect(box.width).toBeGreaterThanOrEqual(240);
      expect(Math.round(box.width)).toBe(Math.round(box.height));
      expect(Number(await qr.getAttribute('data-modules'))).toBeGreaterThanOrEqual(21);
      await screenshot(page, `b-pickup-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('disables a sold-out variant and shows the server refusal in place when stock runs out meanwhile', async () => {
    // The admin sells out size XXL of the hoodie.
    await adminCall('upsertProduct', await productWithLeft('bluza-sztorm', { XXL: 0 }));
    const { context, page, errors } = await participantPage();
    await go(page, '/dashboard/sklepik/bluza-sztorm');
    await variantChip(page, 'L').waitFor({ state: 'attached' });
    expect(await variantChip(page, 'XXL').isDisabled()).toBe(true);
    expect(await variantChip(page, 'L').isDisabled()).toBe(false);
    await screenshot(page, 'b-shop-item-soldout-desktop');

    await pickVariant(page, 'L');
    await addToBasket(page);
    await go(page, '/dashboard/sklepik/merch/MerchStepTwo');
    await page.getByLabel(/Akceptuję regulamin sprzedaży/).check();
    await page.getByRole('button', { name: 'Dalej: podsumowanie' }).click();
    await page.waitForURL(/MerchStepThree$/);
    await page.getByRole('button', { name: 'Zamawiam i płacę przelewem' }).waitFor();

    // Meanwhile size L sells out; the summary warns live, and the server refuses naming the item.
    await adminCall('upsertProduct', await productWithLeft('bluza-sztorm', { XXL: 0, L: 0 }));
    await page.getByText('Wyprzedane — usuń tę pozycję z koszyka.').waitFor();
    expect(await page.getByRole('button', { name: 'Zamawiam i płacę przelewem' }).isDisabled()).toBe(true);
    // Stock back for a moment: the button works again, then it runs out again just before the order.
    await adminCall('upsertProduct', await productWithLeft('bluza-sztorm', { XXL: 0, L: 1 }));
    await expect.poll(() => page.getByRole('button', { name: 'Zamawiam i płacę przelewem' }).isDisabled()).toBe(false);
    await page.route('**/placeMerchOrder', async (route) => {
      await adminCall('upsertProduct', await productWithLeft('bluza-sztorm', { XXL: 0, L: 0 }));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Zamawiam i płacę przelewem' }).click();
    const refusal = page.getByTestId('order-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Bluza z kapturem „Sztorm” (L) — wyprzedane');
    await screenshot(page, 'b-merch-refusal-desktop');
    await page.unroute('**/placeMerchOrder');

    // The participant swaps the hoodie for a mug, orders, and cancels that order.
    await go(page, '/dashboard/sklepik/MerchBasket');
    await page.getByRole('button', { name: /Usuń z koszyka: Bluza/ }).click();
    await page.getByText('Koszyk jest pusty').waitFor();
    await go(page, '/dashboard/sklepik/kubek-latarnia');
    await addToBasket(page);
    await go(page, '/dashboard/sklepik/merch/MerchStepThree');
    await orderPayingByTransfer(page);
    const mugOrder = (await page.getByTestId('order-number').textContent())!;
    expect(await page.getByTestId('transfer-amount').textContent()).toBe('39,00\u00a0zł');

    await go(page, '/dashboard/zamowienia');
    const card = page.locator(`[data-testid="order-card"][data-order-number="${mugOrder}"]`);
    await card.getByRole('button', { name: 'Anuluj zamówienie' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshot(page, 'b-orders-cancel-modal-desktop');
    await dialog.getByRole('button', { name: 'Tak, anuluj zamówienie' }).click();
    await page
      .locator(`[data-testid="order-card"][data-order-number="${mugOrder}"][data-status="cancelled"]`)
      .waitFor();
    expect(await card.getByTestId('order-status').textContent()).toBe('anulowane');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the error view and none of the data for another user's invoice", async () => {
    const { context, page, errors } = await signedInPage(STAFF.email, STAFF.password, { viewport: 'phone' });
    await go(page, invoicePath);
    await page.getByTestId('error-page').waitFor();
    expect(await page.getByTestId('invoice-document').count()).toBe(0);
    const body = (await page.locator('body').textContent())!;
    expect(body).not.toContain('Marta Nowak');
    expect(body).not.toContain('69,00');
    expect(body).not.toContain('Faktura VAT');
    await screenshot(page, 'b-invoice-foreign-phone');
    // A missing invoice of one's own looks the same.
    await go(page, `/dashboard/faktury/${STAFF.uid}-FV-2099-999999`);
    await page.getByTestId('error-page').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with an e-mail link (sent to the Auth emulator, opened in the same browser)', async () => {
    const errors: Error[] = [];
    const page = await appPage(browser, web, errors, { viewport: 'phone' });
    const context = page.context();
    await context.addCookies([{ name: 'ncc_e', value: '', url: web }]);
    await page.goto(`${web}/?next=${encodeURIComponent('/dashboard/odbierz')}`);
    await page.getByRole('button', { name: 'Zaloguj przez Google' }).waitFor();
    await page.getByRole('button', { name: 'Zaloguj linkiem e-mail' }).click();
    await page.getByRole('button', { name: 'Wyślij link' }).click();
    await page.getByText('Podaj adres e-mail').first().waitFor();
    await page.getByLabel('E-mail do linku logowania').fill(PARTICIPANT.email);
    await page.getByRole('button', { name: 'Wyślij link' }).click();
    await page.getByTestId('email-link-sent').waitFor();
    await screenshot(page, 'b-sign-in-email-link-phone');

    // The e-mail the emulator "sent": a link whose continue URL is this page with its "next" target.
    const response = await fetch(`${stack.urls.auth}/emulator/v1/projects/${stack.projectId}/oobCodes`);
    const { oobCodes } = (await response.json()) as {
      oobCodes: { email: string; requestType: string; oobLink: string }[];
    };
    const mail = oobCodes.filter((c) => c.requestType === 'EMAIL_SIGNIN' && c.email === PARTICIPANT.email).at(-1)!;
    const link = new URL(mail.oobLink);
    const landing = new URL(link.searchParams.get('continueUrl')!);
    for (const key of ['apiKey', 'oobCode', 'mode', 'lang'])
      landing.searchParams.set(key, link.searchParams.get(key) ?? '');
    await page.goto(landing.toString());
    await page.waitForURL(`${web}/dashboard/odbierz`);
    await page.getByTestId('pickup-code').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('panel.emailForSignIn'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
