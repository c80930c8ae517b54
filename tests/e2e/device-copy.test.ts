// The dashboard's device copy (issue 31) in Chromium against the real stack: a second visit draws the
// account's dashboard from the copy, marked „odświeżanie…”, while the database cannot answer, and swaps
// in live data when it can; the copy belongs to one uid, is dropped on sign-out and never shows up for
// another account signing in on the same browser. The copy is drawn before the identity service has
// confirmed the session (the device's last user stands in), and a last user it no longer confirms
// (the account deleted) leaves for the sign-in page with the copy dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { collectPageErrors, launchBrowser, newContext } from '../helpers/browser';
import { demoParticipantCopy, sharedStack, type ParticipantCopy, type SharedStack } from './support/shared';
import { signIn, submitSignIn } from './support/stack';

const COPY_KEY = 'panel.copy.dashboard';
const LAST_USER_KEY = 'panel.session.lastUser';

let stack: SharedStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let web: string;
let admin: App;
let A: ParticipantCopy;
let B: ParticipantCopy;
let C: ParticipantCopy;

/** A participant only account A has, so its name tells whose data is on screen. */
const A_ONLY = { firstName: 'Gertruda', lastName: 'Kopiowska' };
const A_LATER = { firstName: 'Bonifacy', lastName: 'Późniejszy' };

/** The context with the cookie notice answered (necessary cookies only), as a returning visitor has it. */
async function consented(making: Promise<BrowserContext>): Promise<BrowserContext> {
  const context = await making;
  await context.addCookies([
    { name: 'ncc_c', value: '1', url: web },
    { name: 'ncc_e', value: '', url: web },
  ]);
  return context;
}

beforeAll(async () => {
  stack = sharedStack();
  web = stack.urls.web!;
  [A, B, C] = await Promise.all(
    ['devicecopya', 'devicecopyb', 'devicecopyc'].map((label) => demoParticipantCopy(stack, label)),
  );
  admin = initializeApp(
    { projectId: stack.projectId, databaseURL: `${stack.urls.rtdb}?ns=${stack.namespace}` },
    `device-copy-${Date.now()}`,
  );
  await getDatabase(admin)
    .ref(`members/${A.uid}/gertruda`)
    .set({ ...A_ONLY, relation: 'family', createdAt: Date.now() });
  browser = await launchBrowser();
  context = await consented(newContext(browser, { viewport: 'phone' }));
  page = await context.newPage();
  page.setDefaultTimeout(60_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (admin) {
    await getDatabase(admin).goOffline();
    await deleteApp(admin);
  }
});

/** Keeps the database from answering the page: its WebSocket and long-polling requests go nowhere. */
async function cutDatabase(p: Page) {
  const rtdb = new URL(stack.urls.rtdb).host;
  await p.routeWebSocket(
    (url) => url.host === rtdb,
    () => undefined,
  );
  await p.route(
    (url) => url.host === rtdb,
    (route) => route.abort(),
  );
}

async function restoreDatabase(p: Page) {
  await p.unrouteAll({ behavior: 'ignoreErrors' });
  // routeWebSocket has no unroute: the next navigation in a fresh page connects for real.
}

const storedCopy = (p: Page) => p.evaluate((key) => localStorage.getItem(key), COPY_KEY);
const storedLastUser = (p: Page) => p.evaluate((key) => localStorage.getItem(key), LAST_USER_KEY);

/** Holds the identity SDK's `accounts:lookup` (how it confirms a stored session) until released. */
async function holdAccountLookups(p: Page) {
  const held: Route[] = [];
  let holding = true;
  const auth = new URL(stack.urls.auth).host;
  await p.route(
    (url) => url.host === auth && url.pathname.endsWith('/accounts:lookup'),
    (route) => (holding ? void held.push(route) : route.continue()),
  );
  return {
    held,
    async release() {
      holding = false;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

describe('the dashboard’s device copy', () => {
  it('draws the account’s dashboard from the copy while the database is unreachable, then live data', async () => {
    const errors = collectPageErrors(page);
    await signIn(page, web, A);
    const members = page.getByTestId('home-members');
    await expect.poll(() => members.getByText(`${A_ONLY.firstName} ${A_ONLY.lastName}`).count()).toBe(1);
    await expect.poll(async () => JSON.parse((await storedCopy(page)) ?? 'null')?.uid).toBe(A.uid);

    // Second visit, offline as far as the database goes: the copy, marked as being refreshed. (The
    // first tab leaves first: its live dashboard would save the change below into the copy.)
    await page.goto('about:blank');
    await getDatabase(admin)
      .ref(`members/${A.uid}/bonifacy`)
      .set({ ...A_LATER, relation: 'family', createdAt: Date.now() });
    const offline = await context.newPage();
    await cutDatabase(offline);
    await offline.goto(`${web}/dashboard`);
    await offline.getByTestId('home-refreshing').waitFor();
    await expect(offline.getByText('odświeżanie…').isVisible()).resolves.toBe(true);
    await offline.getByTestId('event-card').waitFor();
    await expect(
      offline.getByTestId('home-members').getByText(`${A_ONLY.firstName} ${A_ONLY.lastName}`).count(),
    ).resolves.toBe(1);
    // What was written since the copy was taken is not there yet.
    await expect(offline.getByText(A_LATER.lastName).count()).resolves.toBe(0);
    await restoreDatabase(offline);
    await offline.close();

    // With the database reachable the live data replaces the copy and the marker goes.
    await page.goto(`${web}/dashboard`);
    await page.getByTestId('home-members').getByText(`${A_LATER.firstName} ${A_LATER.lastName}`).waitFor();
    await expect(page.getByTestId('home-refreshing').count()).resolves.toBe(0);
    await expect
      .poll(async () => JSON.parse((await storedCopy(page)) ?? '{}')?.data?.members?.length)
      .toBe(await page.getByTestId('home-members').locator('li').count());
    expect(errors).toEqual([]);
  });

  it('is dropped on sign-out, and another account never sees one left behind', async () => {
    const leftBehind = await storedCopy(page);
    expect(JSON.parse(leftBehind ?? 'null')?.uid).toBe(A.uid);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Wyloguj się' }).click();
    await page.waitForURL(`${web}/`);
    await expect.poll(() => storedCopy(page)).toBeNull();

    // Even with A's copy put back (as if the sign-out had never run), B signing in on this browser
    // with the database unreachable sees the loading state, never A's participants. (Only one tab:
    // a second one would follow the sign-in and read B's live dashboard.)
    await page.goto('about:blank');
    const other = await context.newPage();
    await cutDatabase(other);
    await other.goto(`${web}/`);
    await other.getByLabel('Adres e-mail').waitFor();
    await other.evaluate(([key, value]) => localStorage.setItem(key, value), [COPY_KEY, leftBehind!] as const);
    await submitSignIn(other, web, B);
    await other.getByRole('status', { name: 'Wczytywanie panelu' }).waitFor();
    await expect(other.getByText(A_ONLY.lastName).count()).resolves.toBe(0);
    await expect(other.getByTestId('home-refreshing').count()).resolves.toBe(0);
    await expect.poll(() => storedCopy(other)).toBeNull();
    await other.close();
  });

  it('is drawn before the identity service confirms the session, then live data', async () => {
    const fresh = await consented(newContext(browser, { viewport: 'phone' }));
    try {
      const first = await fresh.newPage();
      await signIn(first, web, A);
      await expect.poll(async () => JSON.parse((await storedCopy(first)) ?? 'null')?.uid).toBe(A.uid);
      await expect.poll(async () => JSON.parse((await storedLastUser(first)) ?? 'null')?.user?.uid).toBe(A.uid);
      await first.goto('about:blank');

      const again = await fresh.newPage();
      again.setDefaultTimeout(60_000);
      const lookups = await holdAccountLookups(again);
      // The first data comes over the REST API (the Database SDK loads after it): its reads, by path.
      // They are held until the copy has been seen, which live data would otherwise replace at once.
      const restReads: string[] = [];
      const heldReads: Route[] = [];
      let holdingReads = true;
      const isRestRead = (url: URL) => url.host === new URL(stack.urls.rtdb).host && url.pathname.endsWith('.json');
      again.on('request', (request) => {
        const url = new URL(request.url());
        if (isRestRead(url)) restReads.push(url.pathname);
      });
      await again.route(isRestRead, (route) => (holdingReads ? void heldReads.push(route) : route.continue()));
      await again.goto(`${web}/dashboard`);
      // The copy is on screen while the SDK's question about the stored user is still unanswered.
      await again.getByTestId('home-refreshing').waitFor();
      await expect(
        again.getByTestId('home-members').getByText(`${A_ONLY.firstName} ${A_ONLY.lastName}`).count(),
      ).resolves.toBe(1);
      holdingReads = false;
      await Promise.all(heldReads.map((route) => route.continue()));
      await expect.poll(() => lookups.held.length, { timeout: 30_000 }).toBeGreaterThan(0);
      await lookups.release();
      // Live data replaces the copy (which already holds A_LATER: the first visit saved it).
      await again.getByTestId('home-refreshing').waitFor({ state: 'detached' });
      await again.getByTestId('home-members').getByText(`${A_LATER.firstName} ${A_LATER.lastName}`).waitFor();
      expect(restReads).toEqual(
        expect.arrayContaining([`/members/${A.uid}.json`, `/tickets/${A.uid}.json`, '/orders.json']),
      );
    } finally {
      await fresh.close();
    }
  });

  // Lighthouse's cold load (npm run bench:web) clears local storage, and with it the device's last user:
  // the SDK's stored session then names the account itself.
  it.each([
    ['with', false],
    ['without', true],
  ])(
    'draws a returning user’s live data with the stored session (%s a saved last user) before the Auth SDK loads; sign-out ends it',
    async (_, clearLocalStorage) => {
      // No service worker: it would serve the scripts from its cache, past the routes below.
      const fresh = await consented(
        browser.newContext({ serviceWorkers: 'block', locale: 'pl-PL', timezoneId: 'Europe/Warsaw' }),
      );
      try {
        const first = await fresh.newPage();
        first.setDefaultTimeout(60_000);
        await signIn(first, web, A);
        await expect.poll(async () => JSON.parse((await storedLastUser(first)) ?? 'null')?.user?.uid).toBe(A.uid);
        await expect.poll(async () => JSON.parse((await storedCopy(first)) ?? 'null')?.uid).toBe(A.uid);
        // No device copy: whatever A's dashboard shows below is live data.
        await first.goto(`${web}/`);
        await first.evaluate(([key, clearAll]) => (clearAll ? localStorage.clear() : localStorage.removeItem(key)), [
          COPY_KEY,
          clearLocalStorage,
        ] as const);
        await first.goto('about:blank');

        const again = await fresh.newPage();
        again.setDefaultTimeout(60_000);
        const errors = collectPageErrors(again);
        // Every script that carries the Auth SDK is held back (found by its content, not its hashed name),
        // and so is every other script of the app until the page's first reads have gone out; every
        // request to the identity service and every REST read is recorded.
        const heldAuthSdk: (() => Promise<void>)[] = [];
        const heldAppScripts: (() => Promise<void>)[] = [];
        let holding = true;
        let holdingAppScripts = true;
        await again.route(
          (url) => url.host === new URL(web).host && url.pathname.endsWith('.js'),
          async (route) => {
            try {
              const response = await route.fetch();
              const body = await response.text();
              const deliver = () => route.fulfill({ response, body });
              if (holding && body.includes('accounts:lookup')) heldAuthSdk.push(deliver);
              else if (holdingAppScripts) heldAppScripts.push(deliver);
              else await deliver();
            } catch {
              // The page went away (the test's end closes it) while its script was on the way.
            }
          },
        );
        const identityRequests: string[] = [];
        const restReads: string[] = [];
        again.on('request', (request) => {
          const url = new URL(request.url());
          if (url.host === new URL(stack.urls.auth).host) identityRequests.push(request.url());
          if (url.host === new URL(stack.urls.rtdb).host && url.pathname.endsWith('.json'))
            restReads.push(
              `${url.pathname}${url.searchParams.has('orderBy') ? ` by ${url.searchParams.get('orderBy')}` : ''}`,
            );
        });
        const firstReads = [
          `/roles/${A.uid}.json`,
          '/event.json',
          `/members/${A.uid}.json`,
          `/tickets/${A.uid}.json`,
          '/ticketTypes.json',
          '/orders.json by "uid"',
          `/pickups/${A.uid}.json`,
        ];

        // Not waiting for the load event: the held scripts hold it.
        const loaded = again.goto(`${web}/dashboard`);
        // The dashboard's first reads go out while the app's scripts are still on the way, the entry
        // script included: index.html's inline script starts them (app/earlyReads.ts).
        await expect.poll(() => heldAppScripts.length).toBeGreaterThan(0);
        await expect.poll(() => firstReads.filter((read) => !restReads.includes(read))).toEqual([]);
        expect(await again.evaluate(() => document.getElementById('root')?.childElementCount ?? 0)).toBe(0);
        holdingAppScripts = false;
        await Promise.all(heldAppScripts.splice(0).map((deliver) => deliver()));
        await loaded;
        await again.getByTestId('home-members').getByText(`${A_ONLY.firstName} ${A_ONLY.lastName}`).waitFor();
        // The page takes those answers: none of its first reads was asked twice.
        expect(restReads.filter((read) => firstReads.includes(read)).sort()).toEqual([...firstReads].sort());
        // Live data on screen, drawn with the stored ID token while the Auth SDK was held back, and no
        // `accounts:lookup` (nor a token refresh) went to the identity service.
        expect(identityRequests).toEqual([]);
        await expect(again.getByTestId('home-refreshing').count()).resolves.toBe(0);
        // After the first data the SDK is requested, and once it arrives it confirms the session.
        await expect.poll(() => heldAuthSdk.length, { timeout: 30_000 }).toBeGreaterThan(0);
        holding = false;
        await Promise.all(heldAuthSdk.map((deliver) => deliver()));
        await expect
          .poll(() => identityRequests.some((url) => url.includes('accounts:lookup')), { timeout: 30_000 })
          .toBe(true);

        // Signed out, the session is gone from the device: a fresh load shows nothing of A.
        await again.getByTestId('user-menu').click();
        await again.getByRole('menuitem', { name: 'Wyloguj się' }).click();
        await again.waitForURL(`${web}/`);
        await expect.poll(() => storedLastUser(again)).toBeNull();
        await again.goto(`${web}/dashboard`);
        await again.getByRole('button', { name: 'Zaloguj się' }).waitFor();
        expect(new URL(again.url()).pathname).toBe('/');
        await expect(again.getByText(A_ONLY.lastName).count()).resolves.toBe(0);
        expect(errors).toEqual([]);
        await again.unrouteAll({ behavior: 'ignoreErrors' });
      } finally {
        await fresh.close();
      }
    },
  );

  it('leaves for the sign-in page, dropping the copy, when the identity service no longer knows the account', async () => {
    const fresh = await consented(newContext(browser, { viewport: 'phone' }));
    try {
      const first = await fresh.newPage();
      first.setDefaultTimeout(60_000);
      await signIn(first, web, C);
      await expect.poll(async () => JSON.parse((await storedCopy(first)) ?? 'null')?.uid).toBe(C.uid);
      await first.goto('about:blank');
      await getAuth(admin).deleteUser(C.uid);

      const again = await fresh.newPage();
      again.setDefaultTimeout(60_000);
      await again.goto(`${web}/dashboard`);
      await again.getByRole('button', { name: 'Zaloguj się' }).waitFor();
      expect(new URL(again.url()).pathname).toBe('/');
      await expect.poll(() => storedCopy(again)).toBeNull();
      await expect.poll(() => storedLastUser(again)).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});
