// The pickup station without a network (issue 29), in Chromium with the network cut
// (context.setOffline): a staff device that opened the station once starts it again offline, signed
// in, from the service worker's precache; two station devices find a participant in their copies of
// the directory and hand the same items out offline; a reload keeps the queue; on reconnect the
// first device's hand-outs are recorded and the second's are conflicts, shown on both; the
// participant's pickup page shows who really handed them out. A station shows itself connected while
// its connection comes up, and a look-up the database leaves unanswered falls to the copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, screenshot } from '../helpers/browser';
import { sharedStack } from './support/shared';
import { USTKA } from '../helpers/buyers.mjs';
import { DEMO, signIn, stackClient, type Account, type Basket } from './support/stack';

const POLL = { timeout: 60_000, interval: 200 };
const suffix = Math.random().toString(36).slice(2, 7);

// The stack every file shares (globalSetup.ts), known as the file loads.
const stack = sharedStack();
const web = stack.urls.web;
let browser: Browser;
let staffA: Account;
let staffB: Account;
let participant: Account;
let pickupCode: string;
let second: Account;
let secondCode: string;
const person = { firstName: 'Ola', lastName: `Offlinowa-${suffix}` };
/** A participant the account brings: the offline name search finds the account by their name too. */
const member = { firstName: 'Tymek', lastName: `Rodzinny-${suffix}` };

beforeAll(async () => {
  const { call, dbGet, paidMerchOrder, register } = stackClient(stack);
  staffA = await register(`stanowisko-a-${suffix}@example.com`, {
    firstName: 'Ala',
    lastName: `Stanowiskowa-${suffix}`,
  });
  staffB = await register(`stanowisko-b-${suffix}@example.com`, {
    firstName: 'Bartek',
    lastName: `Stanowiskowy-${suffix}`,
  });
  for (const staff of [staffA, staffB])
    await call(DEMO.admin, 'setUserRole', { uid: staff.uid, role: 'staff', enabled: true });
  participant = await register(`offline-${suffix}@example.com`, person);
  await call(participant, 'addMember', { ...member, relation: 'child' });
  second = await register(`offline-2-${suffix}@example.com`, { firstName: 'Olek', lastName: `Kolejkowy-${suffix}` });
  /** A paid merchandise order of `lines`, so the account has items to pick up. */
  const paidOrder = (account: Account, lines: Basket['merch']) =>
    paidMerchOrder(account, lines, { ...USTKA, name: 'Ola Offlinowa' });
  await paidOrder(participant, {
    'line-1': { productId: 'kubek-latarnia', variantId: 'standard', quantity: 1 },
    'line-2': { productId: 'koszulka-baltyk', variantId: 'M', quantity: 1 },
  });
  await paidOrder(second, { 'line-1': { productId: 'kubek-latarnia', variantId: 'standard', quantity: 1 } });
  pickupCode = await dbGet<string>(`profiles/${participant.uid}/pickupCode`);
  secondCode = await dbGet<string>(`profiles/${second.uid}/pickupCode`);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

/** A station device: its own context (storage, service worker), signed in, the worker in control. */
async function stationDevice(account: Account): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
  });
  await context.addCookies([{ name: 'ncc_c', value: '1', url: web }]);
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const errors = collectPageErrors(page);
  await signIn(page, web, account);
  await page.goto(`${web}/dashboard/odbierz/User`);
  await page.getByTestId('pickup-code-input').waitFor();
  // The worker registers after the load event, precaches, then claims the page. A page that was still
  // navigating when the worker claimed its clients stays uncontrolled until its next load (as a real
  // device would on its next start): the worker is active, so one reload puts it in control.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  const console: string[] = [];
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
  await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 })
    .catch(async (error: unknown) => {
      const state = await page.evaluate(async () =>
        JSON.stringify(
          await navigator.serviceWorker
            .getRegistrations()
            .then((all) => all.map((r) => [r.active?.state, r.installing?.state, r.waiting?.state])),
        ),
      );
      throw new Error(`no service worker in control: ${state}; console: ${console.join(' | ')}; ${String(error)}`);
    });
  return { context, page, errors };
}

type StationDevice = Awaited<ReturnType<typeof stationDevice>>;

/**
 * A test's steps on one station device of `account`: a screenshot `shot` when they fail, no page
 * errors, the context closed. The steps may replace `device.page` (a tab closed and opened again).
 */
async function onStation(account: Account, shot: string, steps: (device: StationDevice) => Promise<void>) {
  const device = await stationDevice(account);
  try {
    await steps(device);
    expect(device.errors).toEqual([]);
  } catch (error) {
    await screenshot(device.page, shot);
    // CI keeps only its log: what the page showed goes with the failure.
    const shown = await device.page
      .evaluate(() => `${location.href}\n${document.body.innerText}`)
      .catch((why: unknown) => `page unreadable: ${String(why)}`);
    console.error(`${shot}: the station showed\n${shown}`);
    throw error;
  } finally {
    await device.context.close();
  }
}

/** The station's copy of the directory is in: its status says from when. */
async function copyReady(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('station-device-status').innerText(), POLL).toContain('stan z');
}

/** The device's network cut, and the station says it works offline. */
async function goOffline({ context, page }: Pick<StationDevice, 'context' | 'page'>): Promise<void> {
  await context.setOffline(true);
  await expect.poll(() => page.getByTestId('station-device-status').getAttribute('data-online'), POLL).toBe('false');
}

/**
 * At the station, offline: the person found by pickup code, and what the hand-out form offers
 * (`offered` items, all selected) handed out but for the items labelled in `keep` — recorded on the device.
 */
async function handOutQueued(page: Page, code: string, { offered = 1, keep = [] as string[] } = {}): Promise<void> {
  await page.goto(`${web}/dashboard/odbierz/User`);
  await page.getByTestId('pickup-code-input').fill(code);
  await page.getByRole('button', { name: 'Znajdź' }).click();
  await page.getByTestId('go-hand-out').click();
  const confirm = page.getByTestId('confirm-handout');
  await expect.poll(() => confirm.textContent(), POLL).toBe(`Potwierdź wydanie (${offered})`);
  for (const label of keep) await page.getByTestId('station-item').filter({ hasText: label }).click();
  await expect.poll(() => confirm.textContent(), POLL).toBe(`Potwierdź wydanie (${offered - keep.length})`);
  await confirm.click();
  await page.getByTestId('handout-result').waitFor();
  expect(await page.getByTestId('handout-result').getAttribute('data-queued')).toBe('true');
}

const MUG: Basket['merch'] = { 'line-1': { productId: 'kubek-latarnia', variantId: 'standard', quantity: 1 } };

/** A registered participant with a paid merchandise order of `lines`, and their pickup code. */
async function merchBuyer(
  email: string,
  who: { firstName: string; lastName: string },
  lines: Basket['merch'] = MUG,
): Promise<{ account: Account; code: string }> {
  const { dbGet, paidMerchOrder, register } = stackClient(stack);
  const account = await register(email, who);
  await paidMerchOrder(account, lines, { ...USTKA, name: `${who.firstName} ${who.lastName}` });
  return { account, code: await dbGet<string>(`profiles/${account.uid}/pickupCode`) };
}

describe('pickup station offline', () => {
  it('a station opened once starts again with no network, signed in, from the service worker', async () => {
    await onStation(staffA, 'pickup-offline-start', async ({ context, page }) => {
      await context.setOffline(true);
      expect(
        await page.evaluate(() =>
          fetch('/latest.json', { cache: 'no-store' }).then(
            () => 'online',
            () => 'offline',
          ),
        ),
      ).toBe('offline');
      await page.reload();
      await page.getByTestId('pickup-code-input').waitFor();
      expect(page.url()).toBe(`${web}/dashboard/odbierz/User`);
      // A deep link typed while offline is answered by the worker's navigation fallback too.
      await page.goto(`${web}/dashboard/odbierz`);
      await page.getByRole('link', { name: 'Stanowisko wydawania' }).waitFor();
      await expect.poll(() => page.getByTestId('pickup-code-input').count(), POLL).toBe(0);
    });
  }, 300_000);

  it('two devices hand out offline, a reload keeps the queue, reconnecting syncs: one hand-out stands, the other is a conflict on both', async () => {
    const a = await stationDevice(staffA);
    const b = await stationDevice(staffB);
    const pages = { a: a.page, b: b.page };
    try {
      // Each device has its copy of the directory before the network goes.
      for (const page of Object.values(pages))
        await expect.poll(() => page.getByTestId('station-device-status').innerText(), POLL).toContain('stan z');
      await a.context.setOffline(true);
      await b.context.setOffline(true);
      for (const page of Object.values(pages))
        await expect
          .poll(() => page.getByTestId('station-device-status').getAttribute('data-online'), POLL)
          .toBe('false');
      expect(await a.page.getByTestId('directory-freshness').innerText()).toMatch(
        /stan z \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/,
      );

      // Device A: the typed pickup code; device B: a name search for the participant the account
      // brings (not the holder), as the online search finds them. Both answer from the copy.
      await a.page.getByTestId('pickup-code-input').fill(pickupCode);
      // The copy's index is in memory: the person's page is drawn at once, with no loading state
      // (nor a busy button) in between (a loading pass costs a render and a frame on a slow phone).
      await a.page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { stationLoadingSeen: string[] }).stationLoadingSeen = seen;
        new MutationObserver(() => {
          if (document.querySelector('[aria-label="Wczytywanie danych osoby"]')) seen.push('person loading');
          if (document.querySelector('button[data-loading]')) seen.push('busy button');
        }).observe(document.body, { childList: true, subtree: true, attributes: true });
      });
      await a.page.getByRole('button', { name: 'Znajdź' }).click();
      await b.page.getByTestId('directory-search').fill(member.lastName.toLowerCase());
      const found = b.page.getByTestId('directory-result');
      await expect.poll(() => found.count(), POLL).toBe(1);
      expect(await found.getByTestId('directory-result-person').innerText()).toBe(
        `uczestnik: ${member.firstName} ${member.lastName}`,
      );
      await found.click();
      await a.page.getByTestId('station-person').waitFor();
      expect(
        await a.page.evaluate(() => (window as unknown as { stationLoadingSeen: string[] }).stationLoadingSeen),
      ).toEqual([]);
      for (const page of Object.values(pages)) {
        await page.waitForURL((url) => url.searchParams.get('uid') === participant.uid);
        await page.getByTestId('go-hand-out').click();
        const confirm = page.getByTestId('confirm-handout');
        await expect.poll(() => confirm.textContent(), POLL).toBe('Potwierdź wydanie (2)');
        await confirm.click();
        const result = page.getByTestId('handout-result');
        await result.waitFor();
        expect(await result.getAttribute('data-queued')).toBe('true');
        expect(await result.innerText()).toContain('zapisane offline — czeka na wysłanie');
      }

      // A reload while offline: the page comes from the service worker, the queue from IndexedDB.
      await a.page.goto(`${web}/dashboard/odbierz/User`);
      await a.page.reload();
      await expect.poll(() => a.page.getByTestId('queued-handout').count(), POLL).toBe(2);
      expect(await a.page.getByTestId('queued-handout').first().innerText()).toContain(
        'zapisane offline — czeka na wysłanie',
      );

      // A reconnects first: its hand-outs are recorded. Then B: its hand-outs of the same items are conflicts.
      await a.context.setOffline(false);
      await expect.poll(() => a.page.getByTestId('queued-handout').count(), POLL).toBe(0);
      await b.page.goto(`${web}/dashboard/odbierz/User`);
      await expect.poll(() => b.page.getByTestId('queued-handout').count(), POLL).toBe(2);
      await b.context.setOffline(false);
      await expect.poll(() => b.page.getByTestId('queued-handout').count(), POLL).toBe(0);
      for (const page of Object.values(pages)) {
        await expect.poll(() => page.getByTestId('pickup-conflict').count(), POLL).toBe(2);
        const report = await page.getByTestId('pickup-conflict').first().innerText();
        expect(report).toContain(`Bartek Stanowiskowy-${suffix}`);
        expect(report).toContain(`Ala Stanowiskowa-${suffix}`);
        expect(report).toContain('wydane już wcześniej');
      }
      expect(a.errors).toEqual([]);
      expect(b.errors).toEqual([]);
    } catch (error) {
      await screenshot(a.page, 'pickup-offline-a');
      await screenshot(b.page, 'pickup-offline-b');
      throw error;
    } finally {
      await a.context.close();
      await b.context.close();
    }

    // The participant's pickup page: both items handed out, by the device that synced first.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'pl-PL',
      timezoneId: 'Europe/Warsaw',
    });
    try {
      await context.addCookies([{ name: 'ncc_c', value: '1', url: web }]);
      const page = await context.newPage();
      await signIn(page, web, participant);
      await page.goto(`${web}/dashboard/odbierz`);
      const items = page.getByTestId('pickup-item');
      await expect.poll(() => items.count(), POLL).toBe(2);
      for (const text of await items.allInnerTexts()) expect(text).toContain(`wydał(a): Ala Stanowiskowa-${suffix}`);
    } finally {
      await context.close();
    }

    // The admin's „Konflikty wydań” tab lists both, with who, which device and when; settling one
    // records who settled it and how.
    const adminContext = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'pl-PL',
      timezoneId: 'Europe/Warsaw',
    });
    const page = await adminContext.newPage();
    try {
      await adminContext.addCookies([{ name: 'ncc_c', value: '1', url: web }]);
      await signIn(page, web, DEMO.admin);
      await page.goto(`${web}/dashboard/admin?tab=konflikty-wydan`);
      const listed = page.getByTestId('admin-pickup-conflict').filter({ hasText: person.lastName });
      await expect.poll(() => listed.count(), POLL).toBe(2);
      const id = await listed.first().getAttribute('data-id');
      const entry = page.locator(`[data-testid="admin-pickup-conflict"][data-id="${id}"]`);
      const report = await entry.innerText();
      for (const fact of [
        `Bartek Stanowiskowy-${suffix}`,
        `Ala Stanowiskowa-${suffix}`,
        'wydane już wcześniej',
        'do rozstrzygnięcia',
      ])
        expect(report).toContain(fact);
      expect(report).toMatch(/\(urządzenie [0-9a-f]{8}\), \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
      // Saved without saying how it was settled: the form asks, and nothing is recorded.
      await entry.getByTestId('settle-conflict').click();
      await entry.getByText('Wybierz, jak rozstrzygnięto konflikt').waitFor();
      expect(await entry.getAttribute('data-settled')).toBe('false');
      await entry.getByLabel('wydano ponownie — pobrano zwrot').check();
      await entry.getByTestId('settle-note').fill('Koszulkę oddano przy stanowisku.');
      await entry.getByTestId('settle-conflict').click();
      await expect.poll(() => entry.getAttribute('data-settled'), POLL).toBe('true');
      expect(await entry.getByTestId('conflict-settled').innerText()).toContain(
        'Rozstrzygnięto: wydano ponownie — pobrano zwrot',
      );
      expect(await stackClient(stack).dbGet(`pickupConflicts/${id}/settled`)).toMatchObject({
        resolution: 'returned',
        by: DEMO.admin.uid,
        note: 'Koszulkę oddano przy stanowisku.',
      });
    } catch (error) {
      await screenshot(page, 'pickup-offline-admin-conflicts');
      throw error;
    } finally {
      await adminContext.close();
    }
  }, 600_000);

  it('signing out drops the directory copy but keeps the queue: another staff member neither sees nor sends it, its own sends it on signing in again', async () => {
    const { dbGet } = stackClient(stack);
    await onStation(staffA, 'pickup-offline-sign-out', async (a) => {
      const { page } = a;
      await copyReady(page);
      await expect.poll(async () => (await stationStore(page))?.people ?? 0, POLL).toBeGreaterThan(0);
      expect((await stationStore(page))?.owner).toBe(staffA.uid);
      await goOffline(a);
      await handOutQueued(page, secondCode);

      // Signing out, still offline: the copy of names and codes goes, the unsent hand-out stays.
      await signOut(page);
      await expect.poll(() => stationStore(page), POLL).toEqual({ people: 0, queue: 1, owner: null, ownerNote: null });

      // Another staff member on this device: their own copy, A's hand-out only as a count, not sent in their name.
      await a.context.setOffline(false);
      await signIn(page, web, staffB);
      await page.goto(`${web}/dashboard/odbierz/User`);
      await copyReady(page);
      await expect.poll(async () => (await stationStore(page))?.owner, POLL).toBe(staffB.uid);
      await expect.poll(() => page.getByTestId('others-queued').innerText(), POLL).toContain('1 wydanie');
      expect(await page.getByTestId('queued-handout').count()).toBe(0);
      expect(await page.getByText(`Olek Kolejkowy-${suffix}`).count()).toBe(0);
      expect((await stationStore(page))?.queue).toBe(1);
      expect(
        Object.values(await dbGet<Record<string, { status: string }>>(`pickups/${second.uid}`)).map((i) => i.status),
      ).toEqual(['waiting']);

      // A signs in again: the station sends A's hand-out, recorded as A's.
      await signOut(page);
      await signIn(page, web, staffA);
      await page.goto(`${web}/dashboard/odbierz/User`);
      await expect.poll(async () => (await stationStore(page))?.queue, POLL).toBe(0);
      const items = Object.values(
        await dbGet<Record<string, { status: string; pickedBy?: string }>>(`pickups/${second.uid}`),
      );
      expect(items.map((i) => [i.status, i.pickedBy])).toEqual([['picked', staffA.uid]]);
    });
  }, 600_000);

  it('a station started offline after its ID token expired opens for its staff member; back online, a role removed meanwhile applies', async () => {
    const { call, register } = stackClient(stack);
    const staffC = await register(`stanowisko-c-${suffix}@example.com`, {
      firstName: 'Celina',
      lastName: `Stanowiskowa-${suffix}`,
    });
    await call(DEMO.admin, 'setUserRole', { uid: staffC.uid, role: 'staff', enabled: true });
    await onStation(staffC, 'pickup-offline-expired-token', async ({ context, page }) => {
      await copyReady(page);
      // An hour later: the ID token the identity SDK keeps has expired. Rewritten on a page of the
      // origin that runs no app code (the manifest), so no SDK is there to renew it or write it back.
      await page.goto(`${web}/manifest.webmanifest`);
      expect(await storedTokenExpiry(page, Date.now() - 60_000)).toBeLessThan(Date.now());
      await context.setOffline(true);
      await page.goto(`${web}/dashboard/odbierz/User`);
      const station = page.getByTestId('pickup-code-input');
      const refused = page.getByTestId('error-page');
      await station.or(refused).first().waitFor();
      expect(await refused.count()).toBe(0);
      await expect
        .poll(() => page.getByTestId('station-device-status').getAttribute('data-online'), POLL)
        .toBe('false');
      // The station opened with the expired token (it cannot be renewed offline) and the roles
      // last confirmed for this account on this device.
      expect(await storedTokenExpiry(page)).toBeLessThan(Date.now());
      expect(await station.isVisible()).toBe(true);

      // Meanwhile an admin removed the staff role: with the network back, the renewed token's roles win.
      await call(DEMO.admin, 'setUserRole', { uid: staffC.uid, role: 'staff', enabled: false });
      await context.setOffline(false);
      await expect.poll(() => page.getByTestId('error-title').count(), POLL).toBe(1);
      expect(await page.getByTestId('error-title').innerText()).toBe('Brak dostępu');
      expect(await station.count()).toBe(0);
    });
  }, 300_000);

  it('a hand-out the server refuses is set aside and shown, the others are sent, nothing is resent on its own; „Wyślij zapisane” sends it once the cause is gone', async () => {
    const { dbGet, dbPatch, dbPut } = stackClient(stack);
    const refusedPerson = { firstName: 'Roman', lastName: `Odrzucony-${suffix}` };
    const refused = await merchBuyer(`odrzucony-${suffix}@example.com`, refusedPerson);
    const next = await merchBuyer(`kolejna-${suffix}@example.com`, {
      firstName: 'Kinga',
      lastName: `Kolejna-${suffix}`,
    });
    const [refusedAccount, nextAccount] = [refused.account, next.account];
    const items = (uid: string) => dbGet<Record<string, { status: string; pickedBy?: string }>>(`pickups/${uid}`);
    const [refusedItemId] = Object.keys(await items(refusedAccount.uid));
    const refusedItem = await dbGet<Record<string, unknown>>(`pickups/${refusedAccount.uid}/${refusedItemId}`);

    await onStation(staffA, 'pickup-offline-refusal', async (device) => {
      const { context, page } = device;
      const sends: number[] = [];
      page.on('request', (request) => {
        if (request.url().includes('syncOfflineHandOuts')) sends.push(Date.now());
      });
      await copyReady(page);
      await goOffline(device);
      // Recorded in this order, so the hand-out the server will refuse is the first of the batch.
      for (const { code } of [refused, next]) await handOutQueued(page, code);
      await page.goto(`${web}/dashboard/odbierz/User`);
      await expect.poll(() => page.getByTestId('queued-handout').count(), POLL).toBe(2);

      // Meanwhile the first person's item became a record the server cannot read (hand-edited): the
      // callable refuses the whole batch at that hand-out ('stored-data-invalid').
      await dbPatch(`pickups/${refusedAccount.uid}/${refusedItemId}`, { note: 'wpisane ręcznie' });
      await context.setOffline(false);

      // The other hand-out reaches the server; the refused one stays on the device, marked and explained.
      await expect
        .poll(async () => Object.values(await items(nextAccount.uid)).map((i) => [i.status, i.pickedBy]), POLL)
        .toEqual([['picked', staffA.uid]]);
      await expect.poll(() => page.getByTestId('queued-handout').count(), POLL).toBe(1);
      expect(await page.getByTestId('queued-handout').getAttribute('data-refused')).toBe('true');
      const refusal = page.getByTestId('sync-refusal');
      await refusal.waitFor();
      expect(await refusal.innerText()).toContain('Serwer odrzucił 1 wydanie; pozostałe wydania są wysyłane.');
      expect(await refusal.innerText()).toContain('Zgłoś to administratorowi.');
      expect(await page.getByTestId('refused-handout').innerText()).toContain(
        `${refusedPerson.firstName} ${refusedPerson.lastName}: Zapisane dane (pozycja do odbioru) są nieprawidłowe`,
      );
      expect(Object.values(await items(refusedAccount.uid)).map((i) => i.status)).toEqual(['waiting']);

      // Not resent on its own: the 30 s retry passes it by. The station's 30 s heartbeat renews the
      // copy's time (data-copy-at), as does a save of new data: after two renewals at least one was a
      // heartbeat, so 30 s — a retry — have passed.
      const sent = sends.length;
      const status = page.getByTestId('station-device-status');
      for (let renewal = 0; renewal < 2; renewal++) {
        const copyAt = await status.getAttribute('data-copy-at');
        await expect.poll(() => status.getAttribute('data-copy-at'), { timeout: 45_000 }).not.toBe(copyAt);
      }
      expect(sends.length).toBe(sent);
      expect(await page.getByTestId('queued-handout').count()).toBe(1);

      // The record repaired, staff send by hand: it goes, and the refusal is gone.
      await dbPut(`pickups/${refusedAccount.uid}/${refusedItemId}`, refusedItem);
      await page.getByTestId('sync-now').click();
      await expect.poll(() => page.getByTestId('queued-handout').count(), POLL).toBe(0);
      expect(await refusal.count()).toBe(0);
      expect(Object.values(await items(refusedAccount.uid)).map((i) => [i.status, i.pickedBy])).toEqual([
        ['picked', staffA.uid],
      ]);
    });
  }, 400_000);

  it('a hand-out queued on this device counts as handed out there, whoever recorded it and online too, until it is sent: never offered again', async () => {
    const { dbGet } = stackClient(stack);
    const { account, code } = await merchBuyer(
      `urzadzenie-${suffix}@example.com`,
      { firstName: 'Wiktor', lastName: `Urządzeniowy-${suffix}` },
      { ...MUG, 'line-2': { productId: 'koszulka-baltyk', variantId: 'M', quantity: 1 } },
    );
    const items = async () =>
      Object.values(
        await dbGet<Record<string, { label: string; status: string; pickedBy?: string }>>(`pickups/${account.uid}`),
      )
        .map((i) => [i.label.split(' ')[0], i.status, i.pickedBy ?? null])
        .sort();

    await onStation(staffA, 'pickup-offline-handed-out-here', async (device) => {
      const { context, page } = device;
      const status = page.getByTestId('station-device-status');
      // Staff A hands out the mug alone, offline.
      await copyReady(page);
      await goOffline(device);
      await handOutQueued(page, code, { offered: 2, keep: ['Koszulka'] });

      // A signs out with the hand-out unsent; B signs in on the same tablet (the network is back for
      // that) and opens the station. A's hand-out is not B's to send.
      await signOut(page);
      await context.setOffline(false);
      await signIn(page, web, staffB);
      await page.goto(`${web}/dashboard/odbierz/User`);
      await copyReady(page);
      await expect.poll(() => page.getByTestId('others-queued').innerText(), POLL).toContain('1 wydanie');

      // Offline, and online too: the mug shows as handed out on this device and is not offered.
      await goOffline(device);
      await expectHandedOutHere(page, code);
      await context.setOffline(false);
      await page.goto(`${web}/dashboard/odbierz/User`);
      await expect.poll(() => status.getAttribute('data-online'), POLL).toBe('true');
      await expectHandedOutHere(page, code);
      expect(await items()).toEqual([
        ['Koszulka', 'waiting', null],
        ['Kubek', 'waiting', null],
      ]);

      // A signs in again, and the sync cannot get through (held back here): the mug still shows as
      // handed out on this device, online, and the hand-out form does not offer it again.
      await signOut(page);
      const held: string[] = [];
      await page.route('**/syncOfflineHandOuts', (route) => (held.push(route.request().url()), route.abort()));
      await signIn(page, web, staffA);
      await page.goto(`${web}/dashboard/odbierz/User`);
      await expect.poll(() => status.getAttribute('data-online'), POLL).toBe('true');
      await expect.poll(() => held.length, POLL).toBeGreaterThan(0);
      await expectHandedOutHere(page, code);
      expect(await items()).toEqual([
        ['Koszulka', 'waiting', null],
        ['Kubek', 'waiting', null],
      ]);

      // The sync gets through: A's hand-out is recorded as A's, with no conflict against itself.
      await page.unroute('**/syncOfflineHandOuts');
      // „Wyślij zapisane” when it can be pressed: a retry already under way may get there first.
      const sendNow = page.getByTestId('sync-now');
      await expect
        .poll(async () => {
          if ((await sendNow.count()) > 0 && (await sendNow.isEnabled({ timeout: 1_000 }).catch(() => false)))
            await sendNow.click({ timeout: 5_000 }).catch(() => undefined);
          return items();
        }, POLL)
        .toEqual([
          ['Koszulka', 'waiting', null],
          ['Kubek', 'picked', staffA.uid],
        ]);
      const conflicts = await dbGet<Record<string, { uid: string }> | null>('pickupConflicts');
      expect(Object.values(conflicts ?? {}).filter((c) => c.uid === account.uid)).toEqual([]);
    });
  }, 600_000);

  it('a station shows itself connected from its first paint while the connection comes up, and a look-up the database leaves unanswered when the network goes is answered from the copy', async () => {
    const { code } = await merchBuyer(`polaczenie-${suffix}@example.com`, {
      firstName: 'Roman',
      lastName: `Zasięgowy-${suffix}`,
    });
    await onStation(staffA, 'pickup-offline-connecting', async (device) => {
      const { context, page } = device;
      const status = page.getByTestId('station-device-status');
      await copyReady(page);
      // Every state the status takes from the document's start, as a phone's slower handshake (the
      // database's WebSocket held back for a second) lets the station start before it connects.
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { statusSeen: seen });
        new MutationObserver(() => {
          const online = document.querySelector('[data-testid="station-device-status"]')?.getAttribute('data-online');
          if (online && seen.at(-1) !== online) seen.push(online);
        }).observe(document, { subtree: true, childList: true, attributes: true });
      });
      const dropped: string[] = [];
      let dropLookUps = false;
      let connections = 0;
      await page.routeWebSocket(/\/\.ws\b/, async (ws) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const server = ws.connectToServer();
        server.onMessage((message) => {
          connections += Number(typeof message === 'string' && message.includes('"t":"c"'));
          ws.send(message);
        });
        ws.onMessage((message) => {
          // The database's answer to the look-up by code never comes (a connection that died unnoticed).
          if (dropLookUps && typeof message === 'string' && /"a":"g".*"p":"\/?pickupCodes\//.test(message))
            dropped.push(message);
          else server.send(message);
        });
      });
      await page.reload();
      await copyReady(page);
      const statusSeen = () => page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen);
      // Connected: the status ends as online (after a dip to offline, had there been one).
      await expect.poll(async () => connections > 0 && (await statusSeen()).at(-1), POLL).toBe('true');
      expect(await statusSeen()).toEqual(['true']);

      dropLookUps = true;
      await page.getByTestId('pickup-code-input').fill(code);
      await page.getByRole('button', { name: 'Znajdź' }).click();
      await expect.poll(() => dropped.length, POLL).toBe(1);
      await context.setOffline(true);
      await expect.poll(() => status.getAttribute('data-online'), POLL).toBe('false');
      const mug = page.getByTestId('station-item').filter({ hasText: 'Kubek' });
      await expect.poll(() => mug.getAttribute('data-status'), POLL).toBe('waiting');
    });
  }, 300_000);

  it('hand-outs recorded offline reach the server when the network returns without the station open: after leaving it, and after a restart on the home page', async () => {
    const { dbGet } = stackClient(stack);
    const people = await Promise.all(
      ['Pierwsza', 'Druga'].map((lastName, n) =>
        merchBuyer(`w-tle-${n}-${suffix}@example.com`, { firstName: 'Zofia', lastName: `${lastName}-${suffix}` }),
      ),
    );
    const handedOut = async (uid: string) =>
      Object.values(await dbGet<Record<string, { status: string; pickedBy?: string }>>(`pickups/${uid}`)).map((i) => [
        i.status,
        i.pickedBy ?? null,
      ]);
    const queuedNote = (p: Page) => p.evaluate(() => localStorage.getItem('panel.pickupStation.queuedBy'));

    await onStation(staffA, 'pickup-offline-sent-without-station', async (device) => {
      const { context } = device;
      let { page } = device;
      await copyReady(page);
      await goOffline(device);
      await handOutQueued(page, people[0].code);
      expect(await queuedNote(page)).toBe(staffA.uid);

      // Staff leave the station for the dashboard's home page; then the network returns. The station
      // stops a moment after its last page: it lets go of the database connection it held while
      // offline, and the database SDK tries to connect again (nothing else does meanwhile).
      const stationStopped = databaseReconnects(page);
      await page.getByRole('link', { name: 'Panel Uczestnika — strona główna' }).first().click();
      await page.waitForURL(`${web}/dashboard`);
      await expect.poll(() => page.getByTestId('station-device-status').count(), POLL).toBe(0);
      expect(await stationStopped).toBe(true);
      await context.setOffline(false);
      await expect.poll(() => handedOut(people[0].account.uid), POLL).toEqual([['picked', staffA.uid]]);
      expect(page.url()).toBe(`${web}/dashboard`);
      await expect.poll(() => queuedNote(page), POLL).toBeNull();

      // Offline again: a hand-out, then the tab is closed. The dashboard opens again later, still
      // offline (from the service worker), and the network returns while it shows.
      await context.setOffline(true);
      await handOutQueued(page, people[1].code);
      await page.close();
      page = device.page = await context.newPage();
      collectPageErrors(page, device.errors);
      await page.goto(`${web}/dashboard`);
      await page.getByRole('link', { name: 'Panel Uczestnika — strona główna' }).first().waitFor();
      expect(await handedOut(people[1].account.uid)).toEqual([['waiting', null]]);
      await context.setOffline(false);
      await expect.poll(() => handedOut(people[1].account.uid), POLL).toEqual([['picked', staffA.uid]]);
      expect(page.url()).toBe(`${web}/dashboard`);
    });
  }, 600_000);

  it('two tabs of the station on one device show the same queue, and reconnecting sends each hand-out once', async () => {
    const { dbGet } = stackClient(stack);
    const buyer = await merchBuyer(`dwie-karty-${suffix}@example.com`, {
      firstName: 'Kinga',
      lastName: `Dwukartowa-${suffix}`,
    });
    await onStation(staffA, 'pickup-offline-two-tabs', async (device) => {
      const { context, page } = device;
      await copyReady(page);
      const other = await context.newPage();
      other.setDefaultTimeout(120_000);
      collectPageErrors(other, device.errors);
      await other.goto(`${web}/dashboard/odbierz/User`);
      await copyReady(other);
      // The hand-outs the server answered for, whichever tab sent them.
      const answered: string[] = [];
      await context.route('**/syncOfflineHandOuts', async (route) => {
        const response = await route.fetch();
        const sent = route.request().postDataJSON() as { data: { handOuts: { id: string }[] } };
        if (response.ok()) answered.push(...sent.data.handOuts.map((h) => h.id));
        await route.fulfill({ response });
      });
      await goOffline(device);
      await expect
        .poll(() => other.getByTestId('station-device-status').getAttribute('data-online'), POLL)
        .toBe('false');
      await handOutQueued(page, buyer.code);
      // The other tab shows it without a reload.
      await expect.poll(() => other.getByTestId('queued-handout').count(), POLL).toBe(1);

      // Both tabs see the network return; one sends while the other waits, then finds nothing left.
      await context.setOffline(false);
      for (const tab of [page, other]) await expect.poll(() => tab.getByTestId('queued-handout').count(), POLL).toBe(0);
      expect(answered).toHaveLength(1);
      const items = await dbGet<Record<string, { status: string; pickedBy?: string }>>(`pickups/${buyer.account.uid}`);
      expect(Object.values(items).map((i) => [i.status, i.pickedBy])).toEqual([['picked', staffA.uid]]);
      const conflicts = await dbGet<Record<string, { uid: string }> | null>('pickupConflicts');
      expect(Object.values(conflicts ?? {}).filter((c) => c.uid === buyer.account.uid)).toEqual([]);
    });
  }, 400_000);
});

/**
 * Resolves true at the page's next attempt to reach the database over its realtime connection (the
 * SDK's WebSocket or long polling, not a REST read), false if none comes within a minute.
 */
function databaseReconnects(page: Page): Promise<boolean> {
  const host = new URL(stack.urls.rtdb).host;
  const realtime = (url: string) => url.includes(host) && /\/\.(ws|lp)\b/.test(url);
  return Promise.race([
    page.waitForEvent('websocket', { predicate: (ws) => realtime(ws.url()), timeout: 60_000 }).then(
      () => true,
      () => false,
    ),
    page
      .waitForRequest((request) => realtime(request.url()), { timeout: 60_000 })
      .then(
        () => true,
        () => false,
      ),
  ]);
}

/**
 * At the station, the person found by their pickup code: the mug (handed out on this device, not sent
 * yet) shows as handed out here, is not counted to hand out, and the hand-out form neither selects nor
 * offers it — only the shirt.
 */
async function expectHandedOutHere(page: Page, code: string): Promise<void> {
  await page.goto(`${web}/dashboard/odbierz/User`);
  await page.getByTestId('pickup-code-input').fill(code);
  await page.getByRole('button', { name: 'Znajdź' }).click();
  const mug = page.getByTestId('station-item').filter({ hasText: 'Kubek' });
  await expect.poll(() => mug.getAttribute('data-status'), POLL).toBe('picked');
  expect(await mug.innerText()).toContain('zapisane offline — czeka na wysłanie');
  expect(await page.getByTestId('go-hand-out').innerText()).toBe('Wydaj przedmioty (1)');
  await page.getByTestId('go-hand-out').click();
  await expect.poll(() => page.getByTestId('confirm-handout').textContent(), POLL).toBe('Potwierdź wydanie (1)');
  const card = page.getByTestId('station-item').filter({ hasText: 'Kubek' });
  expect(await card.getAttribute('data-status')).toBe('picked');
  expect(await card.isDisabled()).toBe(true);
  expect(await page.getByTestId('station-item').filter({ hasText: 'Koszulka' }).getAttribute('data-status')).toBe(
    'waiting',
  );
}

/** „Wyloguj się” from the user menu (opened again if a re-render closed it before the item was clicked). */
async function signOut(page: Page): Promise<void> {
  const item = page.getByRole('menuitem', { name: 'Wyloguj się' });
  await expect
    .poll(async () => {
      if (!(await item.isVisible())) await page.getByTestId('user-menu').click();
      return item.isVisible();
    }, POLL)
    .toBe(true);
  await item.click();
  await page.waitForURL(`${web}/`);
}

/** What the station keeps in the page's IndexedDB: people and queued hand-outs counted, the copy's owner, and the owner note in localStorage. */
function stationStore(
  page: Page,
): Promise<{ people: number; queue: number; owner: string | null; ownerNote: string | null } | null> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'panel-pickup-station')) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('panel-pickup-station');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const tx = db.transaction(['people', 'queue', 'meta']);
      const read = <T>(request: IDBRequest<T>) =>
        new Promise<T>(
          (resolve, reject) => (
            (request.onsuccess = () => resolve(request.result)),
            (request.onerror = () => reject(request.error))
          ),
        );
      const [people, queue, owner] = await Promise.all([
        read(tx.objectStore('people').count()),
        read(tx.objectStore('queue').count()),
        read(tx.objectStore('meta').get('owner')),
      ]);
      return {
        people,
        queue,
        owner: (owner as { value?: string } | undefined)?.value ?? null,
        ownerNote: localStorage.getItem('panel.pickupStation.directoryOwner'),
      };
    } finally {
      db.close();
    }
  });
}

/**
 * The expiry (epoch ms) of the ID token the identity SDK keeps in the page's IndexedDB
 * (`firebaseLocalStorageDb`, shared/firebase/storedSession.ts); with `set`, first rewritten to it.
 */
function storedTokenExpiry(page: Page, set?: number): Promise<number | null> {
  return page.evaluate(async (expiry) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('firebaseLocalStorageDb');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const tx = db.transaction('firebaseLocalStorage', expiry === undefined ? 'readonly' : 'readwrite');
      const store = tx.objectStore('firebaseLocalStorage');
      const records = await new Promise<{ value?: { stsTokenManager?: { expirationTime?: number } } }[]>(
        (resolve, reject) => {
          const request = store.getAll();
          request.onsuccess = () => resolve(request.result as never);
          request.onerror = () => reject(request.error);
        },
      );
      const record = records.find((r) => r.value?.stsTokenManager);
      if (!record?.value?.stsTokenManager) return null;
      if (expiry !== undefined) {
        record.value.stsTokenManager.expirationTime = expiry;
        store.put(record);
      }
      await new Promise((resolve, reject) => ((tx.oncomplete = resolve), (tx.onerror = () => reject(tx.error))));
      return record.value.stsTokenManager.expirationTime ?? null;
    } finally {
      db.close();
    }
  }, set);
}
