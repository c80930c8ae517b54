// How the benches under tests/e2e/bench start: their command-line options, the log line, the stack
// with the demo data (built first, every callable warmed as `npm start` does) or the one already
// running (`--running`), participants registered over HTTP, and a signed-in page of the app.
import { NAMESPACE, PROJECT_ID, REGION, buildAll, startStack } from '../../../scripts/lib/stack.mjs';
import { flag, option } from '../../helpers/benchArgs.mjs';
import { launchChromium } from '../../helpers/chromium.mjs';
import { submitSignInForm } from '../../helpers/signInForm.mjs';
import { stackHttp } from '../../helpers/stackHttp.mjs';

export { flag, option } from '../../helpers/benchArgs.mjs';

export const log = (line) => console.log(`· ${line}`);

/** Runs the bench's `main`: an error it throws is printed and ends the process with status 1. */
export function runBench(main) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/** A failed check of the bench's results: `message` printed, and the process ends with status 1. */
export function failUnless(ok, message) {
  if (ok) return;
  console.error(`\n${message}`);
  process.exitCode = 1;
}

/**
 * The options of the benches that measure rounds: --rounds (`rounds` unless given) after --warmup
 * (3) uncounted ones, --json <file> for the results, --dev for the dev server instead of the
 * production build.
 */
export function roundOptions(rounds) {
  return {
    ROUNDS: Number(option('rounds', rounds)),
    WARMUP: Number(option('warmup', 3)),
    JSON_OUT: option('json', null),
    WEB_MODE: flag('dev') ? 'dev' : 'preview',
  };
}

/**
 * A stack of the bench's own with the demo data, built first (SKIP_BUILD: not); with `--running`, the
 * one `npm start` runs (ports from RTDB_PORT, AUTH_PORT, FUNCTIONS_PORT, WEB_PORT; its stop does nothing).
 * @param {{ web: 'dev' | 'preview'; warm?: boolean }} options
 */
export async function benchStack({ web, warm = true }) {
  if (flag('running')) return runningStack();
  log(`Building and starting the stack (web: ${web})…`);
  if (!process.env.SKIP_BUILD) buildAll();
  return startStack({ ports: 'free', seed: true, web, warm, log });
}

function runningStack() {
  const url = (name, fallback) => `http://127.0.0.1:${process.env[name] ?? fallback}`;
  const urls = {
    rtdb: url('RTDB_PORT', 9000),
    auth: url('AUTH_PORT', 9099),
    functions: url('FUNCTIONS_PORT', 5001),
    web: url('WEB_PORT', 5173),
  };
  return { urls, namespace: NAMESPACE, projectId: PROJECT_ID, region: REGION, stop: async () => undefined };
}

/**
 * The stack over HTTP (tests/helpers/stackHttp.mjs) with the benches' participants: `register(n)`
 * makes the n-th (`{prefix}-bench-…@example.com`, signed in), `placeOrder` puts one unit of a variant
 * in their basket and places it with `buyer`'s invoice data. A caller is a registered participant.
 */
export function benchClient(stack, { prefix, buyer }) {
  const http = stackHttp(stack);
  const call = (user, name, data) => http.call(user.idToken, name, data);
  const register = (n) =>
    http.register(`${prefix}-bench-${Date.now()}-${n}@example.com`, { firstName: 'Marta', lastName: 'Nowak' });
  async function placeOrder(user, [productId, variantId]) {
    await http.dbPatch(`baskets/${user.uid}`, {
      merch: { [`b-${crypto.randomUUID().slice(0, 8)}`]: { productId, variantId, quantity: 1 } },
      updatedAt: Date.now(),
    });
    return call(user, 'placeMerchOrder', { idempotencyKey: crypto.randomUUID(), buyer, acceptTerms: true });
  }
  return { dbGet: http.dbGet, dbPatch: http.dbPatch, call, register, placeOrder };
}

/**
 * A page of the app in a fresh context (Polish, Warsaw time, cookie notice answered) signed in as
 * `account` through the sign-in form; `initScript` runs in each of the context's pages.
 * @param {import('playwright-core').Browser} browser
 */
export async function signedInPage(
  browser,
  web,
  account,
  { viewport = { width: 1280, height: 800 }, initScript } = {},
) {
  const context = await browser.newContext({ viewport, locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
  if (initScript) await context.addInitScript(initScript);
  await context.addCookies([{ name: 'ncc_c', value: '1', url: web }]);
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  await page.goto(`${web}/`);
  await submitSignInForm(page, web, account);
  return page;
}

/** A Chromium of its own with `user`'s orders page open on a phone, signed in (signedInPage). */
export async function ordersPage(stack, user) {
  const browser = await launchChromium();
  const page = await signedInPage(browser, stack.urls.web, user, { viewport: PHONE });
  await page.goto(`${stack.urls.web}/dashboard/zamowienia`);
  return { browser, page };
}

/** The phone viewport the participant benches use (390 px, as the app's phone layout). */
export const PHONE = { width: 390, height: 844 };
