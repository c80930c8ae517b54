// Shared set-up for the functions integration tests: one stack for the layer (our RTDB emulator +
// the Auth and Functions emulators of firebase-tools, started by globalSetup.ts), an empty database
// per test file, real Auth users signed in with the web SDK, callables through httpsCallable, and
// inspection through the Admin SDK. The data the files start from is in fixtures.ts; participants
// with baskets and paid orders in participants.ts.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp as deleteAdminApp, initializeApp as initAdmin, type App as AdminApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getDatabase as getAdminDatabase, type Database } from 'firebase-admin/database';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type FunctionsError } from 'firebase/functions';
import { inject } from 'vitest';
import { buildAll } from '../../scripts/lib/stack.mjs';
import { clearMail } from '../../scripts/lib/mailInbox.mjs';
import { CALLABLES, REGION, type CallableName, type CallableOutputs } from '../../functions/src/domain/index.js';
import { EVENT } from './fixtures.js';

/** Where the layer's shared stack listens (started once by globalSetup.ts). */
export interface SharedStack {
  urls: { rtdb: string; auth: string; functions: string; mail?: string; ksef?: string; ksefControl?: string };
  projectId: string;
  namespace: string;
  env: Record<string, string>;
  /** The Przelewy24 stand-in and the merchant account the functions hold (tests/functions/payments.test.ts). */
  p24?: { url: string; account: { merchantId: number; posId: number; crc: string; apiKey: string } };
}

declare module 'vitest' {
  export interface ProvidedContext {
    functionsStack: SharedStack;
  }
}

export interface TestEnv {
  stack: SharedStack;
  admin: AdminApp;
  db: Database;
  adminAuth: ReturnType<typeof getAdminAuth>;
  apps: FirebaseApp[];
}

/** Newest modification time of the functions' sources, to rebuild lib/ only when it is stale. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the emulator and the functions when functions/lib is older than the sources (SKIP_BUILD: never). */
export function buildIfStale(): void {
  const functionsDir = fileURLToPath(new URL('../../functions/', import.meta.url));
  const builtAt = existsSync(path.join(functionsDir, 'lib/index.js'))
    ? statSync(path.join(functionsDir, 'lib/index.js')).mtimeMs
    : 0;
  // Rebuilding an up-to-date lib/ would make every running Functions emulator reload, so only when stale.
  if (!process.env.SKIP_BUILD && newestSource(path.join(functionsDir, 'src')) > builtAt) buildAll();
}

/**
 * The test file's view of the shared stack, starting from an empty database: the files run one
 * after another (fileParallelism: false), so emptying it first gives each the fresh database a
 * stack of its own would have. Accounts stay in the Auth emulator; every test creates its own
 * with a random e-mail. The Functions emulator caps the requests it runs at once at two per CPU
 * (scripts/lib/stack.mjs): several workers still race on the same nodes, as the concurrency tests want.
 */
export async function startEnv(): Promise<TestEnv> {
  const stack = inject('functionsStack');
  Object.assign(process.env, stack.env);
  const admin = initAdmin(
    { projectId: stack.projectId, databaseURL: `${stack.urls.rtdb}?ns=${stack.namespace}` },
    `admin-${randomUUID()}`,
  );
  const db = getAdminDatabase(admin);
  await db.ref().set(null);
  // Outbox ids are derived from numbers that restart with an empty database (e.g. `ra-KOR-2026-000001`),
  // so the shared catcher's inbox is emptied too: each file sees only the messages it caused.
  if (stack.urls.mail) await clearMail(stack.urls.mail);
  return { stack, admin, db, adminAuth: getAdminAuth(admin), apps: [] };
}

/**
 * Lets this test process load functions/src modules as a Functions instance would: their Admin SDK
 * app (functions/src/lib/admin.ts) configures itself from the environment — the layer's database
 * emulator, its namespace. Called before the first such import and before startEnv, so the
 * functions' app is the default app, with a database connection of its own.
 */
export function configureFunctionsProcess(): void {
  const stack = inject('functionsStack');
  Object.assign(process.env, stack.env, {
    FIREBASE_CONFIG: JSON.stringify({
      projectId: stack.projectId,
      databaseURL: `https://${stack.namespace}.firebaseio.com`,
    }),
  });
}

export async function stopEnv(env: TestEnv | undefined): Promise<void> {
  if (!env) return;
  await Promise.allSettled(env.apps.map((a) => deleteApp(a)));
  await env.db.goOffline();
  await deleteAdminApp(env.admin).catch(() => {});
}

export type Call = <N extends CallableName>(name: N, data: unknown) => Promise<CallableOutputs[N]>;

export interface TestUser {
  uid: string;
  email: string;
  call: Call;
  /**
   * Posts a raw JSON body (`{"data": …}`) to a callable with this user's ID token, bypassing the web
   * SDK's encoder (which itself breaks on keys such as `hasOwnProperty` and drops `__proto__`).
   */
  callRaw: (
    name: CallableName,
    dataJson: string,
  ) => Promise<{
    status: number;
    body: { result?: unknown; error?: { status: string; message: string; details?: Record<string, unknown> } };
  }>;
}

/** Creates an Auth emulator user (optionally with claims) and signs it in with the web SDK in its own app. */
export async function createUser(
  env: TestEnv,
  options: { claims?: Record<string, unknown>; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `u-${randomUUID().slice(0, 12)}@example.com`;
  const password = 'haslo-testowe-123';
  const record = await env.adminAuth.createUser({ email, password });
  if (options.claims) await env.adminAuth.setCustomUserClaims(record.uid, options.claims);
  const app = initializeApp({ projectId: env.stack.projectId, apiKey: 'demo-key', appId: 'demo' }, `web-${record.uid}`);
  env.apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, env.stack.urls.auth, { disableWarnings: true });
  await signInWithEmailAndPassword(auth, email, password);
  const functions = getFunctions(app, REGION);
  const fnUrl = new URL(env.stack.urls.functions);
  connectFunctionsEmulator(functions, fnUrl.hostname, Number(fnUrl.port));
  const call: Call = async (name, data) =>
    (await httpsCallable(functions, CALLABLES[name], { timeout: 120_000 })(data)).data as never;
  const callRaw: TestUser['callRaw'] = async (name, dataJson) => {
    const token = await auth.currentUser!.getIdToken();
    const response = await fetch(`${env.stack.urls.functions}/${env.stack.projectId}/${REGION}/${CALLABLES[name]}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: `{"data":${dataJson}}`,
    });
    return { status: response.status, body: JSON.parse(await response.text()) };
  };
  return { uid: record.uid, email, call, callRaw };
}

/** A caller that is not signed in. */
export function anonymousCaller(env: TestEnv): Call {
  const app = initializeApp(
    { projectId: env.stack.projectId, apiKey: 'demo-key', appId: 'demo' },
    `anon-${randomUUID()}`,
  );
  env.apps.push(app);
  const functions = getFunctions(app, REGION);
  const fnUrl = new URL(env.stack.urls.functions);
  connectFunctionsEmulator(functions, fnUrl.hostname, Number(fnUrl.port));
  return async (name, data) =>
    (await httpsCallable(functions, CALLABLES[name], { timeout: 120_000 })(data)).data as never;
}

export interface Refusal {
  code: string;
  message: string;
  reason?: string;
  field?: string;
  details: Record<string, unknown>;
}

/** Runs a call that must be refused and returns the refusal (code without the "functions/" prefix). */
export async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  try {
    await promise;
  } catch (error) {
    const e = error as FunctionsError;
    const details = (e.details ?? {}) as Record<string, unknown>;
    return {
      code: String(e.code).replace(/^functions\//, ''),
      message: typeof details.message === 'string' ? details.message : e.message,
      reason: details.reason as string | undefined,
      field: details.field as string | undefined,
      details,
    };
  }
  throw new Error('Expected the call to be refused, but it succeeded');
}

/**
 * Calls made at once, settled: the answers of those that went through and the refusals of the others
 * (refusal), each in the order the calls were made.
 */
export async function settleCalls<T>(calls: Promise<T>[]): Promise<{ answers: T[]; refusals: Refusal[] }> {
  const settled = await Promise.allSettled(calls);
  return {
    answers: settled.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<T>).value),
    refusals: await Promise.all(
      settled
        .filter((s) => s.status === 'rejected')
        .map((s) => refusal(Promise.reject((s as PromiseRejectedResult).reason))),
    ),
  };
}

export async function dump(db: Database): Promise<unknown> {
  return (await db.ref().get()).val();
}

/**
 * What most functions files start from: the environment, an admin, a member of staff, and the event's
 * settings stored (`event`, EVENT unless given).
 */
export async function startEventEnv(
  event: Record<string, unknown> = EVENT,
): Promise<{ env: TestEnv; admin: TestUser; staff: TestUser }> {
  const env = await startEnv();
  const admin = await createUser(env, { claims: { admin: true } });
  const staff = await createUser(env, { claims: { staff: true } });
  await env.db.ref('event').set(event);
  return { env, admin, staff };
}
