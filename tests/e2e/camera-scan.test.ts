// The pickup station's camera scan in Chromium with a fake camera: the participant's QR code, as
// their pickup page draws it, becomes the video the camera sends (a Y4M file); staff press
// „Skanuj kod QR kamerą” on a phone-sized and on a tablet-sized page, and the station opens that
// participant. Then the hand-out is announced politely, at the station and on the participant's
// pickup page that stayed open meanwhile.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { USTKA } from '../helpers/buyers.mjs';
import { collectPageErrors, launchBrowser, screenshot } from '../helpers/browser';
import { launchWithFakeCamera, lumaFrameOf, writeY4m } from './support/fakeCamera';
import { sharedStack } from './support/shared';
import { DEMO, signIn, stackClient, type Account } from './support/stack';

/** Polls wait for the app (and a cold function) on a loaded machine. */
const POLL = { timeout: 60_000, interval: 200 };
const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 1024, height: 768 } } as const;

// The stack every file shares (globalSetup.ts), known as the file loads.
const stack = sharedStack();
const web = stack.urls.web;
let browser: Browser;
let cameraBrowser: Browser;
let participantContext: BrowserContext;
let participantPage: Page;
let participant: Account;
let pickupCode: string;
/** The mug's line as the pickup list names it (product and variant). */
let mugLabel: string;
const videoDir = mkdtempSync(path.join(os.tmpdir(), 'panel-fake-camera-'));
const suffix = Math.random().toString(36).slice(2, 7);
const person = { firstName: 'Kamila', lastName: `Skanowska-${suffix}` };

beforeAll(async () => {
  const { dbGet, paidMerchOrder, register } = stackClient(stack);
  participant = await register(`kamera-${Date.now()}-${suffix}@example.com`, person);
  const { orderId } = await paidMerchOrder(
    participant,
    { 'line-1': { productId: 'kubek-latarnia', variantId: 'standard', quantity: 2 } },
    { ...USTKA, name: 'Kamila Skanowska' },
  );
  pickupCode = await dbGet<string>(`profiles/${participant.uid}/pickupCode`);
  const pickups = await dbGet<Record<string, { orderId: string; label: string }>>(`pickups/${participant.uid}`);
  mugLabel = Object.values(pickups).find((item) => item.orderId === orderId)!.label;

  // The participant's pickup page, left open: it shows the QR code the camera will see and later
  // announces the hand-out.
  browser = await launchBrowser();
  participantContext = await browser.newContext({
    viewport: SIZES.phone,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
  });
  await participantContext.addCookies([{ name: 'ncc_c', value: '1', url: web }]);
  participantPage = await participantContext.newPage();
  participantPage.setDefaultTimeout(120_000);
  await signIn(participantPage, web, participant);
  await participantPage.goto(`${web}/dashboard/odbierz`);
  await participantPage.getByTestId('qr-code').waitFor();
  expect(await participantPage.getByTestId('pickup-code').textContent()).toBe(pickupCode);
  const video = path.join(videoDir, 'participant-qr.y4m');
  writeY4m(video, await lumaFrameOf(participantPage.getByTestId('qr-code')));
  // The fake camera is a launch argument: a browser of its own.
  cameraBrowser = await launchWithFakeCamera(video);
}, 600_000);

afterAll(async () => {
  await cameraBrowser?.close();
  await browser?.close();
  rmSync(videoDir, { recursive: true, force: true });
});

async function staffStation(
  size: keyof typeof SIZES,
): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const touch = size === 'phone';
  const context = await cameraBrowser.newContext({
    viewport: SIZES[size],
    isMobile: touch,
    hasTouch: true,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
  });
  await context.grantPermissions(['camera'], { origin: web });
  await context.addCookies([{ name: 'ncc_c', value: '1', url: web }]);
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const errors = collectPageErrors(page);
  await signIn(page, web, DEMO.staff);
  return { context, page, errors };
}

describe('pickup station camera scan', () => {
  it.each(Object.keys(SIZES) as (keyof typeof SIZES)[])(
    'on a %s-sized page: scanning the participant’s QR code opens that participant',
    async (size) => {
      const { context, page, errors } = await staffStation(size);
      try {
        await page.goto(`${web}/dashboard/odbierz/User`);
        await page.getByRole('button', { name: 'Skanuj kod QR kamerą' }).click();
        // The camera preview runs, then the code read from it opens the person.
        await page.waitForURL((url) => url.searchParams.get('uid') === participant.uid);
        const header = page.getByTestId('station-person');
        await expect.poll(() => header.innerText(), POLL).toContain(`${person.firstName} ${person.lastName}`);
        expect(await header.innerText()).toContain(pickupCode);
        // The camera was released once the code was read.
        await expect.poll(() => page.getByTestId('qr-scanner').count(), POLL).toBe(0);
        expect(errors).toEqual([]);
      } catch (error) {
        await screenshot(page, `camera-scan-${size}`);
        throw error;
      } finally {
        await context.close();
      }
    },
    180_000,
  );

  it('hands out the scanned participant’s items: the station and the participant’s open pickup page announce it politely', async () => {
    const { context, page } = await staffStation('tablet');
    try {
      await page.goto(`${web}/dashboard/odbierz/Add?uid=${participant.uid}`);
      const stationStatus = page.getByTestId('live-status');
      expect(await stationStatus.getAttribute('aria-live')).toBe('polite');
      expect(await stationStatus.textContent()).toBe('');
      const confirm = page.getByTestId('confirm-handout');
      await expect.poll(() => confirm.textContent(), POLL).toBe('Potwierdź wydanie (1)');
      await confirm.click();
      await page.getByTestId('handout-result').waitFor();
      await expect.poll(() => stationStatus.textContent(), POLL).toBe(`Wydano: ${mugLabel} × 2.`);

      const pickupStatus = participantPage.getByTestId('live-status');
      expect(await pickupStatus.getAttribute('aria-live')).toBe('polite');
      await expect.poll(() => pickupStatus.textContent(), POLL).toBe(`${mugLabel} × 2: odebrane.`);
    } finally {
      await context.close();
    }
  }, 180_000);
});
