import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeployment, type Deployment } from './deploymentTesting.js';
import { RUN_TIMEOUT_SECONDS } from './lib/timeBudget.js';

// What each function is deployed with, every service configured: which secrets it may read, and the
// scheduled runs' timeout. In production a secret reaches only the functions that bind it; locally the
// stack puts every value in the emulator's environment, so a function that forgot a secret works here
// and fails there.

const P24 = ['P24_API_KEY', 'P24_CRC', 'P24_MERCHANT_ID', 'P24_POS_ID'];
/** The functions that talk to Przelewy24: start a payment, take its notifications, refund online. */
const P24_FUNCTIONS = ['approveRefund', 'p24Notification', 'refundOnlinePayment', 'startOnlinePayment', 'startRefund'];
/** The functions that send to KSeF. */
const KSEF_FUNCTIONS = ['setKsefOutage', 'submitKsef', 'submitKsefScheduled'];

let deployment: Deployment;
beforeAll(async () => {
  deployment = await loadDeployment({
    P24_BASE_URL: 'sandbox',
    KSEF_ENVIRONMENT: 'test',
    KSEF_OFFLINE_CERTIFICATE: '-----BEGIN CERTIFICATE-----',
  });
}, 60_000);
afterAll(() => deployment.restore());

describe('Functions secrets, every service configured', () => {
  it('finds the deployed functions', () => {
    expect(deployment.endpoints.size).toBeGreaterThan(30);
  });

  it('give the Przelewy24 account to exactly the functions that call the provider', () => {
    for (const key of P24) expect(deployment.holding(key), key).toEqual(P24_FUNCTIONS);
  });

  it('give the KSeF token and the offline key to exactly the functions that send to KSeF', () => {
    expect(deployment.holding('KSEF_TOKEN')).toEqual(KSEF_FUNCTIONS);
    expect(deployment.holding('KSEF_OFFLINE_KEY')).toEqual(KSEF_FUNCTIONS);
  });

  it('give the SMTP address to every function, since any state change may write a message', () => {
    expect(deployment.holding('SMTP_URL')).toEqual([...deployment.endpoints.keys()].sort());
  });

  it('ask the deploy for exactly the secrets some function binds', () => {
    expect(deployment.declaredSecrets).toEqual(['KSEF_OFFLINE_KEY', 'KSEF_TOKEN', ...P24, 'SMTP_URL'].sort());
  });
});

describe('Function timeouts', () => {
  it('give every scheduled run the long timeout its time budget is cut to', () => {
    const scheduled = [...deployment.endpoints].filter(([, e]) => e.scheduleTrigger);
    expect(scheduled.map(([name]) => name).sort()).toEqual([
      'expireUnpaidOrdersScheduled',
      'retryMailScheduled',
      'submitKsefScheduled',
    ]);
    for (const [name, e] of scheduled) expect(e.timeoutSeconds, name).toBe(RUN_TIMEOUT_SECONDS);
  });
});
