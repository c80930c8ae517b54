import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLABLES, type CallableName } from '../../functions/src/domain/index.js';
import { createUser, dump, refusal, startEnv, stopEnv } from './helpers.js';
import { EVENT, PERSON, REGISTRATION, key } from './fixtures.js';
import type { TestEnv, TestUser } from './helpers.js';

// Every callable, fed malformed payloads derived mechanically from a valid one: each field missing,
// each field of the wrong type, each string 200 000 characters long, an unknown key at every level,
// and non-object payloads. Each must be refused as invalid-argument with a Polish message and the
// offending field's path, and the database must be byte-for-byte unchanged. The caller is an admin
// with a completed registration, so no refusal can come from missing rights instead of the schema.

const VALID: Record<CallableName, Record<string, unknown>> = {
  completeRegistration: REGISTRATION,
  placeTicketOrder: { idempotencyKey: '0f0e0d0c0b0a49088706050403020100', buyer: PERSON, acceptTerms: true },
  placeMerchOrder: { idempotencyKey: '1f1e1d1c1b1a49188716151413121110', buyer: PERSON, acceptTerms: true },
  cancelOrder: { orderId: 'zamowienie1' },
  confirmPayment: { orderId: 'zamowienie1' },
  handOutPickupItems: { uid: 'uzytkownik1', itemIds: ['pozycja1'] },
  syncOfflineHandOuts: {
    deviceId: '0f0e0d0c-0b0a-4908-8706-050403020100',
    handOuts: [
      {
        id: '1f0e0d0c-0b0a-4908-8706-050403020100',
        uid: 'uzytkownik1',
        itemId: 'pozycja1',
        quantity: 1,
        at: 1780000000000,
      },
    ],
  },
  settlePickupConflict: { conflictId: '2f0e0d0c-0b0a-4908-8706-050403020100', resolution: 'returned' },
  setUserRole: { uid: 'uzytkownik1', role: 'staff', enabled: true },
  upsertTicketType: {
    ticketType: {
      name: 'Karnet',
      description: 'Opis',
      priceGrosze: 14900,
      vatRate: 8,
      quota: 10,
      active: true,
      sortOrder: 1,
    },
  },
  archiveTicketType: { id: 'bilet1' },
  restoreTicketType: { id: 'bilet1' },
  upsertProduct: {
    product: {
      name: 'Kubek',
      description: 'Opis',
      priceGrosze: 3500,
      vatRate: 23,
      active: true,
      sortOrder: 1,
      variants: { std: { label: 'standard', stock: 5, sortOrder: 1 } },
    },
  },
  archiveProduct: { id: 'produkt1' },
  restoreProduct: { id: 'produkt1' },
  updateEventSettings: { event: EVENT },
  deleteMyAccount: { confirm: true },
  syncProfile: {},
  updateProfile: { firstName: 'Ola', lastName: 'Nowak', phone: '+48 600 100 200', country: 'PL', invoice: null },
  reconcileReservations: {},
  recordKsefSubmission: {
    uid: 'uzytkownik1',
    invoiceId: 'FV-2026-000001',
    ksefNumber: '5265877635-20250826-0100001AF629-AF',
    submittedOn: '2026-02-03',
  },
  submitKsef: {},
  setKsefOutage: { mode: 'emergency' },
  expireUnpaidOrders: {},
  addMember: { firstName: 'Ola', lastName: 'Nowak' },
  bookBankTransactions: {
    items: [
      {
        transaction: { bookingDate: '2026-07-01', amountGrosze: 14900, currency: 'PLN', title: 'ZAM/2026/000001' },
        action: { kind: 'ignore' },
      },
    ],
    source: { format: 'csv' },
  },
  saveBankCsvMapping: {
    fingerprint: 'c0123456789abcdef01234567',
    bank: 'Santander',
    mapping: {
      delimiter: ',',
      headerRow: 0,
      dataStart: 1,
      decimal: ',',
      dateFormat: 'YYYY-MM-DD',
      columns: { bookingDate: 0, amount: 1, title: [2] },
    },
  },
  requestRefund: { orderId: 'zamowienie1', bankAccount: '61109010140000071219812874' },
  withdrawRefundRequest: { orderId: 'zamowienie1', requestId: 'prosba1' },
  approveRefund: { orderId: 'zamowienie1', requestId: 'prosba1' },
  rejectRefund: { orderId: 'zamowienie1', requestId: 'prosba1', reason: 'Po terminie rezygnacji' },
  startRefund: { orderId: 'zamowienie1', reason: 'Rezygnacja', bankAccount: '61109010140000071219812874' },
  markRefundTransferred: { orderId: 'zamowienie1', correctionId: 'KOR-2026-000001', transferredOn: '2026-02-03' },
  acceptPickupReturn: { uid: 'uzytkownik1', itemId: 'pozycja1' },
  startOnlinePayment: { orderId: 'zamowienie1' },
  refundOnlinePayment: { sessionId: '0123456789abcdef0123456789abcdef' },
  settleBankRefundCandidate: {
    outcome: 'refunded',
    txKey: 't0123456789abcdef0123456789abcdef',
    refundedOn: '2026-02-03',
  },
  retryMail: {},
  checkDiscountCode: { kind: 'tickets', code: 'CZLONEK' },
  upsertDiscountCode: { code: 'CZLONEK', create: true, terms: { kind: 'percent', value: 20, active: true } },
  createDiscountCodeBatch: { prefix: 'EKIPA', count: 2, terms: { kind: 'percent', value: 100, active: true } },
  joinWaitingList: { ticketTypeId: 'bilet1', memberId: 'self' },
  leaveWaitingList: { ticketTypeId: 'bilet1', entryId: '-Nwpis1' },
  moveWaitingListEntry: { ticketTypeId: 'bilet1', entryId: '-Nwpis1', direction: 'up' },
  removeWaitingListEntry: { ticketTypeId: 'bilet1', entryId: '-Nwpis1' },
  updateWaitingListSettings: { offerHours: 24 },
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Case {
  label: string;
  payload: unknown;
  field: string;
}

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}
function setAt(root: Json, path: string[], fn: (parent: { [k: string]: Json } | Json[], key: string) => void): Json {
  const copy = clone(root);
  let node: any = copy;
  for (const p of path.slice(0, -1)) node = node[p];
  fn(node, path[path.length - 1]);
  return copy;
}
function wrongType(v: Json): Json {
  if (typeof v === 'string') return 42;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return 'lista';
  return 'obiekt';
}

function casesFor(valid: Record<string, Json>): Case[] {
  const cases: Case[] = [
    { label: 'null payload', payload: null, field: '' },
    { label: 'string payload', payload: 'zamówienie', field: '' },
    { label: 'array payload', payload: [valid], field: '' },
    { label: 'unknown key at the root', payload: { ...valid, admin: true }, field: 'admin' },
    {
      label: 'prototype-looking key',
      payload: { ...valid, constructor: { prototype: { admin: true } } },
      field: 'constructor',
    },
  ];
  // A callable that takes no fields (syncProfile) accepts the empty object.
  if (Object.keys(valid).length > 0) cases.push({ label: 'empty object', payload: {}, field: Object.keys(valid)[0] });
  const walk = (node: Json, path: string[]) => {
    if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
      if (path.length)
        cases.push({
          label: `unknown key in ${path.join('.')}`,
          payload: setAt(valid, path, (parent: any, k) => {
            parent[k] = { ...parent[k], hack: 'x' };
          }),
          field: [...path, 'hack'].join('.'),
        });
      for (const [k, child] of Object.entries(node)) walk(child, [...path, k]);
      return;
    }
    const field = path.join('.');
    if (Array.isArray(node)) {
      cases.push({
        label: `${field}: empty list`,
        payload: setAt(valid, path, (p: any, k) => {
          p[k] = [];
        }),
        field,
      });
      cases.push({
        label: `${field}: 10 000 entries`,
        payload: setAt(valid, path, (p: any, k) => {
          p[k] = Array(10_000).fill('x');
        }),
        field,
      });
      node.forEach((_, i) => walk(node[i], [...path, String(i)]));
      return;
    }
    if (node === null) return;
    const inArray = /^\d+$/.test(path[path.length - 1]);
    if (!inArray)
      cases.push({
        label: `${field}: missing`,
        payload: setAt(valid, path, (p: any, k) => {
          delete p[k];
        }),
        field,
      });
    cases.push({
      label: `${field}: wrong type`,
      payload: setAt(valid, path, (p: any, k) => {
        p[k] = wrongType(node);
      }),
      field,
    });
    if (typeof node === 'string')
      cases.push({
        label: `${field}: 200 000 characters`,
        payload: setAt(valid, path, (p: any, k) => {
          p[k] = 'ż'.repeat(200_000);
        }),
        field,
      });
    if (typeof node === 'number')
      cases.push({
        label: `${field}: fraction`,
        payload: setAt(valid, path, (p: any, k) => {
          p[k] = node + 0.5;
        }),
        field,
      });
    if (typeof node === 'string' && /^(orderId|id|uid|idempotencyKey|0)$/.test(path[path.length - 1])) {
      cases.push({
        label: `${field}: path injection`,
        payload: setAt(valid, path, (p: any, k) => {
          p[k] = '../profiles/x';
        }),
        field,
      });
    }
  };
  walk(valid as Json, []);
  return cases;
}

let env: TestEnv;
let admin: TestUser;

beforeAll(async () => {
  env = await startEnv();
  admin = await createUser(env, { claims: { admin: true, staff: true } });
  await admin.call('completeRegistration', REGISTRATION);
  await env.db.ref('event').set(EVENT);
});
afterAll(() => stopEnv(env));

describe.each(Object.keys(CALLABLES) as CallableName[])('%s refuses malformed payloads', (name) => {
  it('with invalid-argument, a Polish message, the field path, and no write', async () => {
    const cases = casesFor(VALID[name] as Record<string, Json>);
    const before = await dump(env.db);
    const failures: string[] = [];
    // One case at a time: the Functions emulator serves each concurrent request from a separate worker
    // process, and requests handed to workers it is still spawning were seen to hang on a loaded
    // machine. Concurrency is what concurrency.test.ts is about; here it would only add flakiness.
    for (const c of cases) {
      await (async () => {
        const r = await refusal(admin.call(name, c.payload)).catch((e: Error) => ({
          code: 'accepted',
          message: e.message,
          field: undefined,
        }));
        const fieldOk =
          r.field === c.field || (c.field.startsWith(`${r.field}.`) && /(^|\.)(kind|buyer)$/.test(r.field ?? ''));
        if (
          r.code !== 'invalid-argument' ||
          !fieldOk ||
          !/[a-ząćęłńóśźż]/i.test(r.message) ||
          /expected|invalid input|required/i.test(r.message)
        ) {
          failures.push(`${c.label}: got ${r.code} field=${String(r.field)} "${r.message.slice(0, 120)}"`);
          console.log(`${name} — ${failures.at(-1)}`);
        }
      })();
    }
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(5);
    expect(await dump(env.db)).toEqual(before);
  }, 900_000);
});

it('a valid payload of the same shape does get past validation (the cases are not vacuous)', async () => {
  const r = await refusal(admin.call('cancelOrder', VALID.cancelOrder));
  expect(r.reason).toBe('order-missing');
  const k = key();
  const t = await refusal(admin.call('placeTicketOrder', { ...VALID.placeTicketOrder, idempotencyKey: k }));
  expect(t.reason).toBe('basket-empty');
});
