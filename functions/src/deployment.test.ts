import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_TIMEOUT_SECONDS } from './lib/timeBudget.js';

// What each function is deployed with: which secrets it may read, and the scheduled runs' timeout.
// Which deployed function may read which secret. In production a Functions secret reaches only the
// functions that declare it; locally the stack puts every value in the emulator's environment, so a
// function that forgot its secret works here and fails there. With no secret in the environment (as
// in production), this reads what each exported function declares for deployment.

const P24 = ['P24_API_KEY', 'P24_CRC', 'P24_MERCHANT_ID', 'P24_POS_ID'];

/** The functions that talk to Przelewy24: start a payment, take its notifications, refund online. */
const P24_FUNCTIONS = ['approveRefund', 'p24Notification', 'refundOnlinePayment', 'startOnlinePayment', 'startRefund'];
/** The functions that send to KSeF. */
const KSEF_FUNCTIONS = ['setKsefOutage', 'submitKsef', 'submitKsefScheduled'];

type Deployed = {
  __endpoint?: { secretEnvironmentVariables?: { key: string }[]; timeoutSeconds?: number; scheduleTrigger?: unknown };
};
let secretsOf: Map<string, string[]>;
let endpoints: Map<string, NonNullable<Deployed['__endpoint']>>;

const ENV = [...P24, 'KSEF_TOKEN', 'KSEF_OFFLINE_CERTIFICATE', 'SMTP_URL', 'FIREBASE_CONFIG'];
const before = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  for (const name of ENV) delete process.env[name];
  // The Admin SDK's app needs a project and a database address to load; nothing here connects.
  process.env.FIREBASE_CONFIG = JSON.stringify({
    projectId: 'demo-secrets',
    databaseURL: 'http://127.0.0.1:9/?ns=demo-secrets',
  });
  const exported: Record<string, unknown> = await import('./index.js');
  endpoints = new Map(
    Object.entries(exported).flatMap(([name, value]) => {
      const endpoint = typeof value === 'function' ? (value as Deployed).__endpoint : undefined;
      return endpoint ? [[name, endpoint] as const] : [];
    }),
  );
  secretsOf = new Map(
    Object.entries(exported).flatMap(([name, value]) => {
      const endpoint = typeof value === 'function' ? (value as Deployed).__endpoint : undefined;
      return endpoint ? [[name, (endpoint.secretEnvironmentVariables ?? []).map((s) => s.key).sort()] as const] : [];
    }),
  );
}, 60_000);

afterAll(() => {
  for (const [name, value] of Object.entries(before))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

const holding = (key: string) =>
  [...secretsOf]
    .filter(([, keys]) => keys.includes(key))
    .map(([name]) => name)
    .sort();

describe('Functions secrets', () => {
  it('finds the deployed functions', () => {
    expect(secretsOf.size).toBeGreaterThan(30);
  });

  it('give the Przelewy24 account to exactly the functions that call the provider', () => {
    for (const key of P24) expect(holding(key), key).toEqual(P24_FUNCTIONS);
  });

  it('give the KSeF token to exactly the functions that send to KSeF', () => {
    expect(holding('KSEF_TOKEN')).toEqual(KSEF_FUNCTIONS);
  });

  it('give the SMTP address to every function, since any state change may write a message', () => {
    expect(holding('SMTP_URL')).toEqual([...secretsOf.keys()].sort());
  });
});

describe('Function timeouts', () => {
  it('give every scheduled run the long timeout its time budget is cut to', () => {
    const scheduled = [...endpoints].filter(([, e]) => e.scheduleTrigger).map(([name, e]) => [name, e.timeoutSeconds]);
    expect(scheduled.map(([name]) => name).sort()).toEqual([
      'expireUnpaidOrdersScheduled',
      'retryMailScheduled',
      'submitKsefScheduled',
    ]);
    for (const [name, seconds] of scheduled) expect(seconds, String(name)).toBe(RUN_TIMEOUT_SECONDS);
  });
});
