// KSeF journey (issues 15, 28) in Chromium against the real local stack: a participant buying as a company
// pays (the admin confirms the transfer), downloads the invoice's FA(3) XML — valid against the official
// schema; the admin's „KSeF” board lists it as mandatory and queued, shows the Polish reason for an invoice
// whose data cannot form FA(3), hands out the same bytes alone and in the month's ZIP. Then the KSeF runner
// (what `npm start` runs every 5 s, here started by this file) sends it to the KSeF stand-in: with no admin
// step the participant's open invoice shows the KSeF number and KOD I without a reload, the QR codes on screen
// and in the PDF decode to the link built from the SHA-256 of the downloaded bytes, the admin downloads the
// UPO. With KSeF down, the next invoice is handed out offline24 (OFFLINE, KOD II, the deadline on the board)
// and gets its number once KSeF is back.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import type { Download, Page } from 'playwright-core';
import { parseKsefNumber } from '../../functions/src/domain/ksef/ksefNumber';
import { startKsefSubmitInterval } from '../../scripts/lib/ksefSubmit.mjs';
import { TEST_SELLER, testInvoice } from '../../functions/src/domain/ksef/testing';
import { LATARNIK as COMPANY } from '../helpers/buyers.mjs';
import { validateFa3 } from '../helpers/fa3Schema';
import { screenshot } from '../helpers/browser';
import { switchKsefStandIn } from '../helpers/stackHttp.mjs';
import { decodeQr, decodeQrInPage } from './support/qr';
import { adminAndParticipant, type AdminAndParticipant } from './support/journey';
import { DEMO, signIn } from './support/stack';

const SLOW = 240_000;
const ADMIN = DEMO.admin;

let { stack, client, PARTICIPANT, browser, web, admin, participant, pageErrors } = {} as AdminAndParticipant;
let invoiceNumber = '';
let invoiceId = '';
let sellerNip = '';
let issueDate = '';
let downloadedXml: Buffer;
let ksefNumber = '';

beforeAll(async () => {
  ({ stack, client, PARTICIPANT, browser, web, admin, participant, pageErrors } = await adminAndParticipant('ksef'));
}, 400_000);

let stopKsefRunner: (() => void) | null = null;
afterAll(async () => {
  stopKsefRunner?.();
  await ksefSwitch({ unavailable: false }).catch(() => undefined);
  await browser?.close();
});

/** The KSeF stand-in's failure switches (scripts/lib/ksefStandIn.md). */
const ksefSwitch = (switches: Record<string, unknown>) => switchKsefStandIn(stack.urls.ksefControl, switches);

/** A company order of one T-shirt, paid: placed through the callable, confirmed by the admin's callable. */
async function paidCompanyOrder(): Promise<string> {
  return (await paidCompanyOrderWithId()).invoiceId;
}

async function paidCompanyOrderWithId(): Promise<{ orderId: string; invoiceId: string }> {
  const lines = { 'ksef-line-2': { productId: 'koszulka-baltyk', variantId: 'M', quantity: 1 } };
  return client.paidMerchOrder(PARTICIPANT, lines, COMPANY);
}

async function downloadOf(p: Page, click: () => Promise<void>): Promise<{ bytes: Buffer; name: string }> {
  const [download] = (await Promise.all([p.waitForEvent('download'), click()])) as [Download, void];
  return { bytes: readFileSync((await download.path())!), name: download.suggestedFilename() };
}

/** Binary PPM (P6, what pdftoppm writes) → RGBA pixels. */
function ppmToRgba(ppm: Buffer): { rgba: Uint8ClampedArray; width: number; height: number } {
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = ppm.subarray(header[0].length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = pixels[i * 3];
    rgba[i * 4 + 1] = pixels[i * 3 + 1];
    rgba[i * 4 + 2] = pixels[i * 3 + 2];
    rgba[i * 4 + 3] = 255;
  }
  return { rgba, width, height };
}

const kodI = (xml: Buffer) =>
  `https://qr-test.ksef.mf.gov.pl/invoice/${sellerNip}/${issueDate.split('-').reverse().join('-')}/${createHash('sha256').update(xml).digest('base64url')}`;

describe('KSeF in Chromium', () => {
  it(
    'a company buyer pays and downloads the FA(3) XML of the invoice',
    async () => {
      // The order is placed through the callable (the shop UI has its own tests); the admin confirms in the UI.
      const lines = { 'ksef-line-1': { productId: 'koszulka-baltyk', variantId: 'M', quantity: 2 } };
      const orderNumber = (await client.orderBasket(PARTICIPANT, 'placeMerchOrder', { merch: lines }, COMPANY)).number;

      await signIn(admin, web, ADMIN);
      await admin.goto(`${web}/dashboard/admin?tab=zamowienia`);
      await admin.getByTestId('orders-search').fill(orderNumber);
      await admin
        .getByTestId('order-row')
        .filter({ hasText: orderNumber })
        .getByRole('button', { name: 'Potwierdź płatność' })
        .click();
      await admin.getByTestId('confirm-action').click();
      const result = admin
        .getByTestId('admin-result')
        .filter({ hasText: `Zamówienie ${orderNumber} opłacone. Wystawiono fakturę FV/` });
      await result.waitFor();
      invoiceNumber = /FV\/\d{4}\/\d{6}/.exec(await result.innerText())![0];
      invoiceId = invoiceNumber.replaceAll('/', '-');
      const invoice = await client.dbGet<{ seller: { nip: string }; issueDate: string; totals: { gross: number } }>(
        `invoices/${PARTICIPANT.uid}/${invoiceId}`,
      );
      sellerNip = invoice.seller.nip;
      issueDate = invoice.issueDate;

      await signIn(participant, web, PARTICIPANT);
      await participant.goto(`${web}/dashboard/faktury/${PARTICIPANT.uid}-${invoiceId}`);
      await participant.getByTestId('invoice-number').filter({ hasText: invoiceNumber }).waitFor();
      expect(await participant.getByTestId('ksef-kod-i').count()).toBe(0);
      const { bytes, name } = await downloadOf(participant, () => participant.getByTestId('ksef-xml-download').click());
      expect(name).toBe(`${invoiceId}.xml`);
      downloadedXml = bytes;
      const xml = bytes.toString('utf8');
      expect(validateFa3([xml])[0]).toEqual({ valid: true, output: '' });
      expect(xml).toContain(`<P_2>${invoiceNumber}</P_2>`);
      expect(xml).toContain('<NIP>5260250274</NIP>');
      expect(xml).toContain(`<P_15>${(invoice.totals.gross / 100).toFixed(2)}</P_15>`);
    },
    SLOW,
  );

  it(
    'the admin KSeF tab: required for companies, the Polish reason for a damaged invoice, the same bytes alone and in the ZIP',
    async () => {
      // A snapshot that cannot form FA(3) (the seller's NIP is missing), issued this month.
      const damaged = testInvoice({
        number: 'FV/2026/999999',
        issuedAt: Date.now(),
        issueDate,
        lines: [{ name: 'Bilet', unitGross: 18900, quantity: 1, vatRate: 8 }],
      });
      await client.dbPut(`invoices/${PARTICIPANT.uid}/FV-2026-999999`, {
        ...damaged,
        uid: PARTICIPANT.uid,
        seller: { ...TEST_SELLER, nip: null },
      });

      await admin.goto(`${web}/dashboard/admin?tab=ksef`);
      const row = admin.locator(`[data-testid="ksef-row"][data-number="${invoiceNumber}"]`);
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('queued');
      expect((await row.textContent())!.replace(/\s+/g, ' ')).toMatch(/firma.*obowiązkowy.*w kolejce/);
      const broken = admin.locator('[data-testid="ksef-row"][data-number="FV/2026/999999"]');
      await broken
        .getByTestId('ksef-problem')
        .filter({ hasText: 'Nie można utworzyć pliku FA(3) dla KSeF: brak NIP sprzedawcy.' })
        .waitFor();
      expect(await broken.getByRole('button', { name: /XML/ }).count()).toBe(0);

      const one = await downloadOf(admin, () =>
        row.getByRole('button', { name: `Pobierz XML faktury ${invoiceNumber}` }).click(),
      );
      expect(one.bytes.equals(downloadedXml)).toBe(true);
      const zip = await downloadOf(admin, () => admin.getByTestId('ksef-zip').click());
      expect(zip.name).toBe(`KSeF-${issueDate.slice(0, 7)}.zip`);
      const files = unzipSync(new Uint8Array(zip.bytes));
      expect(Object.keys(files)).toContain(`${invoiceId}.xml`);
      expect(Object.keys(files)).not.toContain('FV-2026-999999.xml');
      expect(Buffer.from(files[`${invoiceId}.xml`]).equals(downloadedXml)).toBe(true);
      expect(validateFa3(Object.values(files).map((f) => Buffer.from(f).toString('utf8'))).every((v) => v.valid)).toBe(
        true,
      );
      await admin.getByTestId('ksef-result').filter({ hasText: 'Pominięto 1' }).waitFor();
      await client.dbPut(`invoices/${PARTICIPANT.uid}/FV-2026-999999`, null);
    },
    SLOW,
  );

  it(
    'with no admin step the runner sends it: the open invoice shows the KSeF number and KOD I from the downloaded bytes, on screen and in the PDF; the admin gets the UPO',
    async () => {
      stopKsefRunner = startKsefSubmitInterval(
        { functionsUrl: stack.urls.functions, projectId: stack.projectId, region: stack.region },
        { intervalMs: 1_000, log: () => undefined },
      );
      // The participant's page was never reloaded.
      const block = participant.getByTestId('ksef-kod-i');
      await block.waitFor();
      ksefNumber = await participant.getByTestId('ksef-number').innerText();
      expect(parseKsefNumber(ksefNumber)).toMatchObject({ sellerNip });
      expect(await block.getAttribute('data-link')).toBe(kodI(downloadedXml));
      expect(await participant.getByTestId('ksef-kod-i-link').getAttribute('href')).toBe(kodI(downloadedXml));
      // Downloading again gives the very same bytes (now the stored file).
      const again = await downloadOf(participant, () => participant.getByTestId('ksef-xml-download').click());
      expect(again.bytes.equals(downloadedXml)).toBe(true);

      // The QR on screen decodes to that link.
      const qr = block.getByTestId('qr-code');
      await qr.waitFor();
      expect(await decodeQrInPage(qr)).toBe(kodI(downloadedXml));
      await screenshot(participant, 'ksef-invoice-kod-i');

      // The PDF carries the number and a QR code with the same link.
      const pdf = await downloadOf(participant, () => participant.getByRole('button', { name: 'Pobierz PDF' }).click());
      const dir = mkdtempSync(path.join(tmpdir(), 'ksef-pdf-'));
      const file = path.join(dir, 'faktura.pdf');
      writeFileSync(file, pdf.bytes);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain(`Numer KSeF: ${ksefNumber}`);
      execFileSync('pdftoppm', ['-r', '150', file, path.join(dir, 'page')]);
      const decoded = readdirSync(dir)
        .filter((f) => f.endsWith('.ppm'))
        .map((f) => {
          const { rgba, width, height } = ppmToRgba(readFileSync(path.join(dir, f)));
          return decodeQr(rgba, width, height);
        });
      expect(decoded).toContain(kodI(downloadedXml));

      // The board: accepted with its number, and the UPO naming it.
      const row = admin.locator(`[data-testid="ksef-row"][data-number="${invoiceNumber}"][data-status="accepted"]`);
      await row.getByText('przyjęta').waitFor();
      await row.getByTestId('ksef-board-number').filter({ hasText: ksefNumber }).waitFor();
      const upo = await downloadOf(admin, () => row.getByTestId('ksef-upo').click());
      expect(upo.bytes.toString('utf8')).toContain(`<NumerKSeFDokumentu>${ksefNumber}</NumerKSeFDokumentu>`);
      expect(pageErrors).toEqual([]);
    },
    SLOW,
  );

  it(
    'KSeF down: the next invoice is handed out offline24 (OFFLINE, KOD II, the deadline on the board) and gets its number once KSeF is back',
    async () => {
      await ksefSwitch({ unavailable: true });
      const offlineId = await paidCompanyOrder();
      const offlineNumber = offlineId.replaceAll('-', '/');
      await participant.goto(`${web}/dashboard/faktury/${PARTICIPANT.uid}-${offlineId}`);
      const block = participant.locator('[data-testid="ksef-kod-i"][data-offline="true"]');
      await block.waitFor();
      expect(await participant.getByTestId('ksef-number-under-qr').innerText()).toBe('OFFLINE');
      expect(await participant.getByTestId('ksef-kod-ii').getAttribute('data-link')).toMatch(
        new RegExp(
          `^https://qr-test\\.ksef\\.mf\\.gov\\.pl/certificate/Nip/${sellerNip}/${sellerNip}/[0-9A-F]+/[A-Za-z0-9_-]{43}/[A-Za-z0-9_-]+$`,
        ),
      );
      await participant.getByTestId('ksef-offline-note').filter({ hasText: 'najpóźniej' }).waitFor();
      await screenshot(participant, 'ksef-invoice-offline24');
      const row = admin.locator(`[data-testid="ksef-row"][data-number="${offlineNumber}"][data-status="offline"]`);
      await row.getByTestId('ksef-deadline').waitFor();

      await ksefSwitch({ unavailable: false });
      await participant.getByTestId('ksef-number').waitFor();
      expect(parseKsefNumber(await participant.getByTestId('ksef-number').innerText())).toMatchObject({ sellerNip });
      await admin.locator(`[data-testid="ksef-row"][data-number="${offlineNumber}"][data-status="accepted"]`).waitFor();
      expect(pageErrors).toEqual([]);
    },
    SLOW,
  );

  it(
    "a refund's correction waits for its invoice (KSeF down) and is sent once the invoice is accepted, naming its number",
    async () => {
      await ksefSwitch({ unavailable: true });
      const { orderId, invoiceId: refundedId } = await paidCompanyOrderWithId();
      const started = await client.callAnswer(ADMIN, 'startRefund', {
        orderId,
        reason: 'Rezygnacja z udziału',
        bankAccount: '61109010140000071219812874',
      });
      expect(started.error).toBeUndefined();
      const correctionId = String(started.result!.correctionId);
      const correctionNumber = correctionId.replaceAll('-', '/');
      await admin
        .locator(`[data-testid="ksef-row"][data-number="${correctionNumber}"][data-status="waiting"]`)
        .waitFor();
      expect(await client.dbGet(`ksef/${PARTICIPANT.uid}/${correctionId}`)).toBeNull();

      await ksefSwitch({ unavailable: false });
      await participant.goto(`${web}/dashboard/faktury/${PARTICIPANT.uid}-${correctionId}`);
      await participant.locator('[data-testid="ksef-kod-i"]:not([data-offline])').waitFor();
      const correctionKsef = await participant.getByTestId('ksef-number').innerText();
      const invoiceRecord = await client.dbGet<{ ksefNumber: string; recordedAt: number }>(
        `ksef/${PARTICIPANT.uid}/${refundedId}`,
      );
      const correctionRecord = await client.dbGet<{ ksefNumber: string; xml: string; recordedAt: number }>(
        `ksef/${PARTICIPANT.uid}/${correctionId}`,
      );
      expect(correctionRecord.ksefNumber).toBe(correctionKsef);
      expect(correctionRecord.xml).toContain(`<NrKSeFFaKorygowanej>${invoiceRecord.ksefNumber}</NrKSeFFaKorygowanej>`);
      expect(correctionRecord.recordedAt).toBeGreaterThanOrEqual(invoiceRecord.recordedAt);
      await admin
        .locator(`[data-testid="ksef-row"][data-number="${correctionNumber}"][data-status="accepted"]`)
        .waitFor();
      expect(pageErrors).toEqual([]);
    },
    SLOW,
  );
});
