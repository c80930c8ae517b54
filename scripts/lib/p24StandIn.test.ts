import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkNotification,
  checkRefundNotification,
  P24_SIGN_FIELDS,
  p24NotificationSchema,
  p24RefundNotificationSchema,
  p24Sign,
} from '../../functions/src/domain/payments/przelewy24.js';
import { P24_STAND_IN_METHOD_IDS } from '../../functions/src/domain/payments/p24Methods.js';
import { METHODS, SIGN_FIELDS, startP24StandIn } from './p24StandIn.mjs';

// The stand-in against the domain's own checksum code: it must refuse what Przelewy24 refuses and send
// notifications our checks accept.
let standIn: Awaited<ReturnType<typeof startP24StandIn>>;
let receiver: http.Server;
let receiverUrl = '';
const received: unknown[] = [];
let waiters: (() => void)[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      received.push(JSON.parse(text));
      res.end('OK');
      waiters.forEach((w) => w());
      waiters = [];
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/notify`;
  standIn = await startP24StandIn();
});
afterAll(async () => {
  await standIn.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

const until = async (count: number) => {
  while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
};

function api(
  method: string,
  path: string,
  body?: unknown,
  auth = `${standIn.account.posId}:${standIn.account.apiKey}`,
) {
  return fetch(`${standIn.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(auth).toString('base64')}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function registration(sessionId: string, amount = 23800) {
  const { merchantId, posId, crc } = standIn.account;
  return {
    merchantId,
    posId,
    sessionId,
    amount,
    currency: 'PLN',
    description: 'Zamówienie ZAM/2026/000001',
    email: 'jan@example.com',
    country: 'PL',
    language: 'pl',
    urlReturn: 'http://127.0.0.1:1/powrot',
    urlStatus: receiverUrl,
    sign: p24Sign('register', { sessionId, merchantId, amount, currency: 'PLN', crc }),
  };
}

describe('the stand-in’s payment window', () => {
  it('offers exactly the method ids the domain maps for the invoice (one of each kind)', () => {
    expect(METHODS.map((m: { id: number }) => m.id)).toEqual([...P24_STAND_IN_METHOD_IDS]);
  });
});

describe('Przelewy24 stand-in', () => {
  it('uses the documented checksum field order', () => {
    expect(SIGN_FIELDS).toEqual(P24_SIGN_FIELDS);
  });

  it('register checks Basic auth, sign, amount and field lengths', async () => {
    expect(
      (await api('POST', '/transaction/register', registration('s-auth'), `${standIn.account.posId}:wrong`)).status,
    ).toBe(401);
    expect(
      (await api('POST', '/transaction/register', { ...registration('s-sign'), sign: 'f'.repeat(96) })).status,
    ).toBe(400);
    expect((await api('POST', '/transaction/register', { ...registration('s-amount'), amount: 238.5 })).status).toBe(
      400,
    );
    expect((await api('POST', '/transaction/register', { ...registration('s-amount2'), amount: 100 })).status).toBe(
      400,
    ); // signed for 23800
    // The documented length limits: e-mail 50, urlReturn 250.
    const tooLong = { ...registration('s-email'), email: `${'k'.repeat(45)}@example.pl` };
    expect((await api('POST', '/transaction/register', tooLong)).status).toBe(400);
    const longReturn = { ...registration('s-return'), urlReturn: `http://127.0.0.1/${'p'.repeat(240)}` };
    expect((await api('POST', '/transaction/register', longReturn)).status).toBe(400);
    const ok = await api('POST', '/transaction/register', registration('s-ok'));
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.token).toMatch(/^[A-Z0-9]+$/);
  });

  it('BLIK in the window → signed notification → verify → refund with its own signed notification', async () => {
    const sessionId = 's-blik';
    const { data } = await (await api('POST', '/transaction/register', registration(sessionId))).json();
    const page = await (await fetch(`${standIn.url}/trnRequest/${data.token}`)).text();
    expect(page).toContain('Kod BLIK');
    expect(page).toContain('atrapa');
    const badCode = await fetch(`${standIn.url}/trnRequest/${data.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay&methodId=154&blikCode=12',
    });
    expect(await badCode.text()).toContain('6-cyfrowy kod BLIK');
    const before = received.length;
    const paid = await fetch(`${standIn.url}/trnRequest/${data.token}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay&methodId=154&blikCode=777123',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://127.0.0.1:1/powrot');
    await until(before + 1);
    const n = p24NotificationSchema.parse(received[before]);
    expect(checkNotification(n, standIn.account, 23800)).toEqual({ ok: true });
    expect(n.methodId).toBe(154);

    const verify = (amount: number) => ({
      merchantId: standIn.account.merchantId,
      posId: standIn.account.posId,
      sessionId,
      amount,
      currency: 'PLN',
      orderId: n.orderId,
      sign: p24Sign('verify', { sessionId, orderId: n.orderId, amount, currency: 'PLN', crc: standIn.account.crc }),
    });
    expect((await api('PUT', '/transaction/verify', verify(100))).status).toBe(400);
    expect((await api('PUT', '/transaction/verify', { ...verify(23800), sign: 'a'.repeat(96) })).status).toBe(400);
    expect(await (await api('PUT', '/transaction/verify', verify(23800))).json()).toEqual({
      data: { status: 'success' },
      responseCode: 0,
    });

    const refund = (amount: number, refundsUuid: string) => ({
      requestId: refundsUuid,
      refundsUuid,
      urlStatus: receiverUrl,
      refunds: [{ orderId: n.orderId, sessionId, amount, description: 'Zwrot' }],
    });
    // Refused by the provider: 409 with the reason per refund; a repeated refundsUuid: 400 „Request already exists”.
    const tooMuch = await api('POST', '/transaction/refund', refund(23801, 'r-too-much'));
    expect(tooMuch.status).toBe(409);
    expect(await tooMuch.json()).toMatchObject({
      code: 409,
      error: [
        { sessionId, status: false, message: 'The amount of refund exceeds available amount for the transaction' },
      ],
    });
    const afterPayment = received.length;
    expect((await api('POST', '/transaction/refund', refund(5000, 'r-1'))).status).toBe(201);
    const again = await api('POST', '/transaction/refund', refund(5000, 'r-1'));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'Request already exists', code: 400 });
    await until(afterPayment + 1);
    const r = p24RefundNotificationSchema.parse(received[afterPayment]);
    expect(checkRefundNotification(r, standIn.account)).toEqual({ ok: true });
    expect(r).toMatchObject({ refundsUuid: 'r-1', amount: 5000, status: 0, sessionId });

    const lookup = await (await api('GET', `/transaction/by/sessionId/${sessionId}`)).json();
    expect(lookup.data).toMatchObject({ sessionId, status: 3, amount: 23800, orderId: n.orderId });
  });

  it('test controls: fail verify, repeat and drop notifications', async () => {
    const control = (body: unknown) =>
      fetch(`${standIn.url}/__control`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
    await control({ repeat: 2 });
    const { data } = await (await api('POST', '/transaction/register', registration('s-repeat'))).json();
    const before = received.length;
    await fetch(`${standIn.url}/__pay`, { method: 'POST', body: JSON.stringify({ token: data.token }) });
    await until(before + 2);
    expect((received.slice(before) as { sessionId: string }[]).map((x) => x.sessionId)).toEqual([
      's-repeat',
      's-repeat',
    ]);
    await control({ repeat: 1, failVerify: true });
    const n = p24NotificationSchema.parse(received[before]);
    const verify = {
      merchantId: standIn.account.merchantId,
      posId: standIn.account.posId,
      sessionId: 's-repeat',
      amount: 23800,
      currency: 'PLN',
      orderId: n.orderId,
      sign: p24Sign('verify', {
        sessionId: 's-repeat',
        orderId: n.orderId,
        amount: 23800,
        currency: 'PLN',
        crc: standIn.account.crc,
      }),
    };
    expect((await api('PUT', '/transaction/verify', verify)).status).toBe(400);
    await control({ failVerify: false });
    expect((await api('PUT', '/transaction/verify', verify)).status).toBe(200);
  });
});
