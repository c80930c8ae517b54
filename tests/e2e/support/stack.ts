// The running stack as the end-to-end tests reach it besides the browser: the database over REST
// with the emulator's owner token, accounts through the Auth emulator, callables over their HTTP
// protocol (as the web SDK sends them). Test steps that are not under test use these.
import type { Browser, Page } from 'playwright-core';
import type { startStack } from '../../../scripts/lib/stack.mjs';
import { collectPageErrors, newContext, type ContextOptions } from '../../helpers/browser';
import { USTKA } from '../../helpers/buyers.mjs';
import { submitSignInForm } from '../../helpers/signInForm.mjs';
import { signInWithPassword, stackHttp } from '../../helpers/stackHttp.mjs';

export type Stack = Awaited<ReturnType<typeof startStack>>;
/** What a test needs to reach a stack: its own (startStack) or the shared one (shared.ts). */
type StackAddress = Pick<Stack, 'namespace' | 'projectId' | 'region'> & {
  urls: Pick<Stack['urls'], 'rtdb' | 'auth' | 'functions'>;
};

export const DEMO = {
  admin: { uid: 'demoAdmin', email: 'admin@example.com', password: 'Admin-Zlot-2027' },
  staff: { uid: 'demoStaff', email: 'obsluga@example.com', password: 'Obsluga-Zlot-2027' },
  participant: { uid: 'demoUczestnik', email: 'uczestnik@example.com', password: 'Uczestnik-Zlot-2027' },
} as const;

export interface Account {
  uid: string;
  email: string;
  password: string;
}

/** Basket lines as the shop writes them: tickets by participant id, merchandise by line id. */
export interface Basket {
  tickets?: Record<string, { ticketTypeId: string }>;
  merch?: Record<string, { productId: string; variantId: string; quantity: number; memberId?: string }>;
}

/** A placed order as placeTicketOrder / placeMerchOrder answer it. */
interface PlacedOrder {
  orderId: string;
  number: string;
  totalGross: number;
}

/** What a callable answers over HTTP: its result, or its refusal (status, Polish message, details). */
interface CallableAnswer<T> {
  result?: T;
  error?: { status: string; message: string; details?: Record<string, unknown> };
}

export function stackClient(stack: StackAddress) {
  const http = stackHttp(stack);

  /** `query`: further REST parameters, e.g. `&orderBy="email"&equalTo="…"`. */
  const dbGet = <T>(path: string, query = ''): Promise<T> => http.dbGet(path, query) as Promise<T>;
  const { dbPatch, dbPut } = http;

  async function idToken(account: Pick<Account, 'email' | 'password'>): Promise<string> {
    return (await signInWithPassword(stack.urls.auth!, account)).idToken;
  }

  /** A callable over its HTTP protocol, as the web SDK sends it: its answer or its refusal. */
  async function callAnswer<T = Record<string, unknown>>(
    account: Pick<Account, 'email' | 'password'>,
    name: string,
    data: unknown,
  ): Promise<CallableAnswer<T>> {
    return http.callAnswer(await idToken(account), name, data) as Promise<CallableAnswer<T>>;
  }

  /** A callable over its HTTP protocol; throws with the Polish refusal when it refuses. */
  async function call<T = Record<string, unknown>>(
    account: Pick<Account, 'email' | 'password'>,
    name: string,
    data: unknown,
  ): Promise<T> {
    const body = await callAnswer<T>(account, name, data);
    if (body.error) throw new Error(`${name}: ${body.error.message}`);
    return body.result as T;
  }

  /** A registered participant (Auth account + completeRegistration), as the wizard would leave it. */
  async function register(
    email: string,
    person: { firstName: string; lastName: string },
    password = 'Latarnia-2027',
  ): Promise<Account> {
    const { uid } = await http.register(email, person, password);
    return { uid, email, password };
  }

  /**
   * Puts `basket` in the account's basket as the shop writes it and places its ticket or merchandise
   * order for `buyer` (the shop's pages have their own tests): the pending order.
   */
  async function orderBasket(
    account: Account,
    kind: 'placeTicketOrder' | 'placeMerchOrder',
    basket: Basket,
    buyer: Record<string, unknown> = USTKA,
  ): Promise<PlacedOrder> {
    await dbPatch(`baskets/${account.uid}`, { ...basket, updatedAt: Date.now() });
    return call(account, kind, { idempotencyKey: crypto.randomUUID(), buyer, acceptTerms: true });
  }

  /** A merchandise order of `merch` lines for `buyer`, paid (the admin confirmed the transfer). */
  async function paidMerchOrder(
    account: Account,
    merch: Basket['merch'],
    buyer?: Record<string, unknown>,
  ): Promise<PlacedOrder & { invoiceId: string }> {
    const order = await orderBasket(account, 'placeMerchOrder', { merch }, buyer);
    const { invoiceId } = await call<{ invoiceId: string }>(DEMO.admin, 'confirmPayment', { orderId: order.orderId });
    return { ...order, invoiceId };
  }

  /** A pending ticket order for the account holder's own participant entry. */
  const placeOwnTicketOrder = (account: Account, ticketTypeId = 'bilet-jednodniowy', buyer?: Record<string, unknown>) =>
    orderBasket(account, 'placeTicketOrder', { tickets: { self: { ticketTypeId } } }, buyer);

  return {
    dbGet,
    dbPatch,
    dbPut,
    idToken,
    callAnswer,
    call,
    register,
    orderBasket,
    paidMerchOrder,
    placeOwnTicketOrder,
  };
}

/**
 * A page of the app in a fresh context (newContext: Polish, Warsaw time) with the cookie notice
 * already answered; its uncaught errors go into `errors`. Pages take a while on a loaded 2-core machine.
 */
export async function appPage(
  browser: Browser,
  web: string,
  errors: Error[],
  options: ContextOptions = {},
): Promise<Page> {
  const context = await newContext(browser, options);
  await context.addCookies([{ name: 'ncc_c', value: '1', url: web }]);
  const page = await context.newPage();
  collectPageErrors(page, errors);
  page.setDefaultTimeout(90_000);
  return page;
}

/** Opens the app's start page and waits for the sign-in form (the dev server compiles it on first use). */
export async function firstVisit(page: Page, web: string): Promise<void> {
  await page.goto(`${web}/`);
  await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor({ timeout: 180_000 });
}

export async function signIn(page: Page, web: string, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto(`${web}/`);
  await submitSignIn(page, web, account);
}

/** Signs in on the sign-in form the page already shows (the benches fill it in the same way). */
export const submitSignIn: (page: Page, web: string, account: Pick<Account, 'email' | 'password'>) => Promise<void> =
  submitSignInForm;

/**
 * Every loading placeholder of the page has gone (lists and cards mark themselves aria-busy while
 * loading) and the page's entering transition has ended (endless animations, a spinner, do not count).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[aria-busy="true"]').length === 0 &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
  );
}
