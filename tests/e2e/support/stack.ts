// The running stack as the end-to-end tests reach it besides the browser: the database over REST
// with the emulator's owner token, accounts through the Auth emulator, callables over their HTTP
// protocol (as the web SDK sends them). Test steps that are not under test use these.
import type { Page } from 'playwright-core';
import type { startStack } from '../../../scripts/lib/stack.mjs';

export type Stack = Awaited<ReturnType<typeof startStack>>;
/** What a test needs to reach a stack: its own (startStack) or the shared one (shared.ts). */
export type StackAddress = Pick<Stack, 'namespace' | 'projectId' | 'region'> & { urls: Pick<Stack['urls'], 'rtdb' | 'auth' | 'functions'> };

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

export function stackClient(stack: StackAddress) {
  const rest = (path: string) => `${stack.urls.rtdb}/${path}.json?ns=${stack.namespace}&auth=owner`;

  async function dbGet<T>(path: string): Promise<T> {
    const response = await fetch(rest(path));
    if (!response.ok) throw new Error(`GET /${path}: ${response.status}`);
    return (await response.json()) as T;
  }

  async function dbPatch(path: string, body: unknown): Promise<void> {
    const response = await fetch(rest(path), { method: 'PATCH', body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`PATCH /${path}: ${response.status}`);
  }

  async function idToken(account: Pick<Account, 'email' | 'password'>): Promise<string> {
    const response = await fetch(`${stack.urls.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
    });
    if (!response.ok) throw new Error(`sign-in ${account.email}: ${response.status}`);
    return ((await response.json()) as { idToken: string }).idToken;
  }

  /** A callable over its HTTP protocol; throws with the Polish refusal when it refuses. */
  async function call<T = Record<string, unknown>>(account: Pick<Account, 'email' | 'password'>, name: string, data: unknown): Promise<T> {
    const response = await fetch(`${stack.urls.functions}/${stack.projectId}/${stack.region}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await idToken(account)}` },
      body: JSON.stringify({ data }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${name}: ${body.error.message}`);
    return body.result as T;
  }

  /** A registered participant (Auth account + completeRegistration), as the wizard would leave it. */
  async function register(email: string, person: { firstName: string; lastName: string }, password = 'Latarnia-2027'): Promise<Account> {
    const response = await fetch(`${stack.urls.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    });
    if (!response.ok) throw new Error(`sign-up ${email}: ${response.status}`);
    const { localId } = (await response.json()) as { localId: string };
    const account = { uid: localId, email, password };
    await call(account, 'completeRegistration', { ...person, phone: '+48 600 200 300', country: 'PL', consents: { terms: true, privacy: true, marketing: false } });
    return account;
  }

  /** A pending ticket order for the account holder's own participant entry. */
  async function placeOwnTicketOrder(account: Account, ticketTypeId = 'bilet-jednodniowy'): Promise<{ orderId: string; number: string }> {
    await dbPatch(`baskets/${account.uid}`, { tickets: { self: { ticketTypeId } }, updatedAt: Date.now() });
    return call(account, 'placeTicketOrder', {
      idempotencyKey: crypto.randomUUID(),
      buyer: { kind: 'person', name: 'Kupujący Testowy', street: 'ul. Portowa 1', postalCode: '76-270', city: 'Ustka', country: 'PL' },
      acceptTerms: true,
    });
  }

  return { dbGet, dbPatch, idToken, call, register, placeOwnTicketOrder };
}

export async function signIn(page: Page, web: string, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto(`${web}/`);
  await page.getByLabel('Adres e-mail').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.waitForURL(`${web}/dashboard`);
}

/**
 * Every loading placeholder of the page has gone (lists and cards mark themselves aria-busy while
 * loading) and the page's entering transition has ended (endless animations, a spinner, do not count).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.querySelectorAll('[aria-busy="true"]').length === 0 &&
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}
