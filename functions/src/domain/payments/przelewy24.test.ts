import { describe, expect, it } from 'vitest';
import { P24_METHODS, P24_STAND_IN_METHOD_IDS } from './p24Methods.js';
import {
  checkNotification,
  checkRefundNotification,
  invoicePaymentMethodOf,
  p24NotificationSchema,
  p24RefundNotificationSchema,
  p24Sign,
  p24SignText,
  type P24Notification,
} from './przelewy24.js';

// The documentation gives each checksum as a JSON template (developers.przelewy24.pl, "sign"), e.g.
// {"sessionId":"str","merchantId":int,"amount":int,"currency":"str","crc":"str"}. The expected hashes
// below were computed outside this code: `printf '%s' '<the filled-in template>' | openssl dgst -sha384`.
const CRC = 'a1b2c3d4e5f6a7b8';
const account = { merchantId: 11111, posId: 11111, crc: CRC };

describe('Przelewy24 checksums', () => {
  it('transaction/register: {"sessionId","merchantId","amount","currency","crc"}', () => {
    const fields = { currency: 'PLN', amount: 23800, crc: CRC, merchantId: 11111, sessionId: 'zam-2026-000123' };
    expect(p24SignText('register', fields)).toBe(
      '{"sessionId":"zam-2026-000123","merchantId":11111,"amount":23800,"currency":"PLN","crc":"a1b2c3d4e5f6a7b8"}',
    );
    expect(p24Sign('register', fields)).toBe(
      '2f5ad014e5597d072c60c0190409abd173a8965fb13e6ab0e9fae33f46a52d0ad09c9e088e04f341cfa2ef4b6c07c677',
    );
  });

  it('the notification, with Polish letters unescaped (JSON_UNESCAPED_UNICODE)', () => {
    const fields = {
      merchantId: 11111,
      posId: 11111,
      sessionId: 'zam-2026-000123',
      amount: 23800,
      originAmount: 23800,
      currency: 'PLN',
      orderId: 3000000123,
      methodId: 154,
      statement: 'p24-A12-B34-C56 Zamówienie ZAM/2026/000123',
      crc: CRC,
    };
    expect(p24SignText('notification', fields)).toContain('"statement":"p24-A12-B34-C56 Zamówienie ZAM/2026/000123"');
    expect(p24Sign('notification', fields)).toBe(
      'a00e612e9206f98a9cb2fecc0eea3245e83a01be4da6ee0e33d484cb8712f07e6976bb0aa133123b834a071a52b600a5',
    );
  });

  it('transaction/verify: {"sessionId","orderId","amount","currency","crc"}', () => {
    expect(
      p24Sign('verify', {
        sessionId: 'zam-2026-000123',
        orderId: 3000000123,
        amount: 23800,
        currency: 'PLN',
        crc: CRC,
      }),
    ).toBe('c2bac078f247029f49131a605bd3a1a379602e10c496bbb4719dcc7ca43e801f2a02825ef511e61a80e0aa4f59baca16');
  });

  it('the refund notification: {"orderId","sessionId","refundsUuid","merchantId","amount","currency","status","crc"}', () => {
    expect(
      p24Sign('refundNotification', {
        orderId: 3000000123,
        sessionId: 'zam-2026-000123',
        refundsUuid: '94c2d4b3-5a0f-4a7e-9b57-1f6c7e6a8d10',
        merchantId: 11111,
        amount: 23800,
        currency: 'PLN',
        status: 0,
        crc: CRC,
      }),
    ).toBe('1f23fd12b155978edbdd1091ab4682a9b2c13e3e9570eb0a470a0f96bb1900f67d224516ca59dc31b94c238abf61889f');
  });
});

function notification(overrides: Partial<P24Notification> = {}, crc = CRC): P24Notification {
  const n = {
    merchantId: 11111,
    posId: 11111,
    sessionId: '0123456789abcdef0123456789abcdef',
    amount: 23800,
    originAmount: 23800,
    currency: 'PLN',
    orderId: 3000000123,
    methodId: 154,
    statement: 'p24-X Zamówienie',
    ...overrides,
  };
  return { ...n, sign: p24Sign('notification', { ...n, crc }) };
}

describe('a notification is checked', () => {
  it('accepts ours, signed with our CRC, for exactly the order total in PLN', () => {
    expect(checkNotification(notification(), account, 23800)).toEqual({ ok: true });
  });
  it('refuses a forged sign (another CRC) and any field changed after signing', () => {
    expect(checkNotification(notification({}, 'someone-elses-crc'), account, 23800)).toEqual({
      ok: false,
      problem: 'bad-sign',
    });
    expect(checkNotification({ ...notification(), amount: 100 }, account, 100)).toEqual({
      ok: false,
      problem: 'bad-sign',
    });
  });
  it('refuses another merchant or POS, another currency and another amount, even when signed', () => {
    expect(checkNotification(notification({ merchantId: 22222 }), account, 23800)).toEqual({
      ok: false,
      problem: 'wrong-merchant',
    });
    expect(checkNotification(notification({ posId: 22222 }), account, 23800)).toEqual({
      ok: false,
      problem: 'wrong-pos',
    });
    expect(checkNotification(notification({ currency: 'EUR' }), account, 23800)).toEqual({
      ok: false,
      problem: 'wrong-currency',
    });
    expect(checkNotification(notification({ amount: 23700, originAmount: 23700 }), account, 23800)).toEqual({
      ok: false,
      problem: 'wrong-amount',
    });
    expect(checkNotification(notification({ amount: 23800, originAmount: 23900 }), account, 23800)).toEqual({
      ok: false,
      problem: 'wrong-amount',
    });
  });
  it('a refund notification: sign and merchant', () => {
    const fields = {
      orderId: 3000000123,
      sessionId: '0123456789abcdef0123456789abcdef',
      refundsUuid: 'z-1',
      merchantId: 11111,
      amount: 500,
      currency: 'PLN',
      status: 0 as const,
    };
    const signed = {
      ...fields,
      requestId: 'z-1',
      timestamp: 1_790_000_000,
      sign: p24Sign('refundNotification', { ...fields, crc: CRC }),
    };
    expect(checkRefundNotification(signed, account)).toEqual({ ok: true });
    expect(checkRefundNotification({ ...signed, amount: 600 }, account)).toEqual({ ok: false, problem: 'bad-sign' });
  });
});

describe('notification parsing', () => {
  it('takes the documented JSON and refuses amounts as strings, missing fields and a malformed sign', () => {
    const n = notification();
    expect(p24NotificationSchema.safeParse(n).success).toBe(true);
    expect(p24NotificationSchema.safeParse({ ...n, amount: '23800' }).success).toBe(false);
    expect(p24NotificationSchema.safeParse({ ...n, amount: 238.5 }).success).toBe(false);
    const { statement: _s, ...withoutStatement } = n;
    expect(p24NotificationSchema.safeParse(withoutStatement).success).toBe(false);
    expect(p24NotificationSchema.safeParse({ ...n, sign: 'abc' }).success).toBe(false);
    expect(p24NotificationSchema.safeParse('merchantId=1').success).toBe(false);
    expect(p24RefundNotificationSchema.safeParse({ ...n, refundsUuid: 'x' }).success).toBe(false);
  });
});

describe('the invoice payment method of a provider method', () => {
  it('follows the documented ids: BLIK (154, 181) is BLIK, the card ids and card wallets a card, the banks’ pay-by-link a transfer', () => {
    for (const id of [154, 181]) expect(invoicePaymentMethodOf(id)).toBe('BLIK');
    for (const id of [140, 142, 145, 218, 241, 242, 238, 264, 239, 252])
      expect(invoicePaymentMethodOf(id)).toBe('karta płatnicza');
    for (const id of [243, 31, 112, 178]) expect(invoicePaymentMethodOf(id)).toBe('szybki przelew online');
  });

  it('an id the table does not know is „płatność online”, not guessed to be a transfer', () => {
    // 66 PayPal, 303 instalments: an online payment, but neither a transfer nor a card.
    for (const id of [66, 303, 25, 0, undefined]) expect(invoicePaymentMethodOf(id)).toBe('płatność online');
  });

  it('every method the local stand-in offers is in the table, so its invoices say what a real payment would', () => {
    expect(P24_STAND_IN_METHOD_IDS.map((id) => P24_METHODS[id]?.kind)).toEqual([
      'blik',
      'transfer',
      'transfer',
      'card',
    ]);
  });
});
