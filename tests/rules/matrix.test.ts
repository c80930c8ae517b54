// The access matrix: every path of docs/data-model.md × anonymous / owner / other user / staff / admin
// × read / write. One table row per path; a persona missing from `read` or `write` must be refused.
// Owner-relative paths use the owner's uid, so "other" is another participant reading or writing
// someone else's data; "staff" and "admin" are separate users holding those claims.
import { beforeAll, beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds, type RulesTestContext } from '@firebase/rules-unit-testing';
import { rulesTestEnv } from './setup.js';
import {
  contextFor,
  OWNER,
  PERSONAS,
  SEED,
  SERVER_TIMESTAMP,
  seedDatabase,
  VALID_BASKET,
  VALID_INVOICE,
} from './fixtures.js';
import type { Persona } from './fixtures.js';

const SIGNED_IN: Persona[] = ['owner', 'other', 'staff', 'admin'];
const EVERYONE: Persona[] = ['anonymous', ...SIGNED_IN];
const NOBODY: Persona[] = [];

interface Row {
  path: string;
  read: Persona[];
  /** A well-formed value for this path; `write` lists who may store it. */
  value: unknown;
  write: Persona[];
}

const O = OWNER;

const MATRIX: Row[] = [
  { path: '/', read: ['admin'], value: { event: SEED.event }, write: NOBODY },
  // Catalogue
  { path: '/event', read: SIGNED_IN, value: SEED.event, write: NOBODY },
  { path: '/event/name', read: SIGNED_IN, value: 'Inny zlot', write: NOBODY },
  { path: '/event/seller/bankAccount', read: SIGNED_IN, value: 'PL00', write: NOBODY },
  { path: '/countries', read: EVERYONE, value: { PL: 'Polska' }, write: NOBODY },
  { path: '/countries/XX', read: EVERYONE, value: 'Iksland', write: NOBODY },
  { path: '/ticketTypes', read: SIGNED_IN, value: {}, write: NOBODY },
  {
    path: '/ticketTypes/karnet',
    read: SIGNED_IN,
    value: { ...SEED.ticketTypes.karnet, priceGrosze: 1 },
    write: NOBODY,
  },
  { path: '/ticketTypes/karnet/sold', read: SIGNED_IN, value: 0, write: NOBODY },
  { path: '/products', read: SIGNED_IN, value: {}, write: NOBODY },
  { path: '/products/tshirt/priceGrosze', read: SIGNED_IN, value: 1, write: NOBODY },
  { path: '/products/tshirt/variants/M/stock', read: SIGNED_IN, value: 999, write: NOBODY },
  { path: '/archivedProducts', read: ['admin'], value: {}, write: NOBODY },
  { path: '/archivedProducts/old', read: ['admin'], value: null, write: NOBODY },
  { path: '/archivedTicketTypes', read: ['admin'], value: {}, write: NOBODY },
  { path: '/archivedTicketTypes/stary', read: ['admin'], value: { name: 'x' }, write: NOBODY },
  // Profiles: the owner and admins read; written only by the callables (completeRegistration,
  // updateProfile, the order callables, deleteMyAccount), so nobody writes a field, not even the owner
  { path: '/profiles', read: ['admin'], value: {}, write: NOBODY },
  { path: `/profiles/${O}`, read: ['owner', 'admin'], value: { ...SEED.profiles[O], firstName: 'Ala' }, write: NOBODY },
  { path: `/profiles/${O}`, read: ['owner', 'admin'], value: null, write: NOBODY },
  { path: `/profiles/${O}/firstName`, read: ['owner', 'admin'], value: 'Ala', write: NOBODY },
  { path: `/profiles/${O}/lastName`, read: ['owner', 'admin'], value: 'Nowak', write: NOBODY },
  { path: `/profiles/${O}/phone`, read: ['owner', 'admin'], value: '+48 500 600 700', write: NOBODY },
  { path: `/profiles/${O}/country`, read: ['owner', 'admin'], value: 'DE', write: NOBODY },
  { path: `/profiles/${O}/invoice`, read: ['owner', 'admin'], value: VALID_INVOICE, write: NOBODY },
  { path: `/profiles/${O}/invoice/city`, read: ['owner', 'admin'], value: 'Łeba', write: NOBODY },
  { path: `/profiles/${O}/updatedAt`, read: ['owner', 'admin'], value: SERVER_TIMESTAMP, write: NOBODY },
  { path: `/profiles/${O}/email`, read: ['owner', 'admin'], value: 'inny@example.pl', write: NOBODY },
  { path: `/profiles/${O}/consents/marketing`, read: ['owner', 'admin'], value: true, write: NOBODY },
  { path: `/profiles/${O}/pickupCode`, read: ['owner', 'admin'], value: 'KDXYZ234', write: NOBODY },
  { path: `/profiles/${O}/createdAt`, read: ['owner', 'admin'], value: 1, write: NOBODY },
  // Members
  { path: '/members', read: ['admin'], value: {}, write: NOBODY },
  {
    path: `/members/${O}`,
    read: ['owner', 'admin'],
    value: { 'm-new': { firstName: 'Ola', lastName: 'Nowak', createdAt: SERVER_TIMESTAMP } },
    write: NOBODY,
  },
  // New participants come only from the addMember callable (it keeps the account at 30).
  {
    path: `/members/${O}/m-new`,
    read: ['owner', 'admin'],
    value: { firstName: 'Ola', lastName: 'Nowak', birthYear: 2019, relation: 'child', createdAt: SERVER_TIMESTAMP },
    write: NOBODY,
  },
  { path: `/members/${O}/m-free/firstName`, read: ['owner', 'admin'], value: 'Jakub', write: ['owner'] },
  { path: `/members/${O}/m-free`, read: ['owner', 'admin'], value: null, write: ['owner'] },
  { path: `/members/${O}/m-ticket`, read: ['owner', 'admin'], value: null, write: NOBODY /* holds a ticket */ },
  // Baskets
  { path: '/baskets', read: ['admin'], value: {}, write: NOBODY },
  {
    path: `/baskets/${O}`,
    read: ['owner', 'admin'],
    value: VALID_BASKET,
    write: ['owner'],
  },
  {
    path: `/baskets/${O}/tickets/m-ticket`,
    read: ['owner', 'admin'],
    value: { ticketTypeId: 'dzien' },
    write: ['owner'],
  },
  { path: `/baskets/${O}`, read: ['owner', 'admin'], value: null, write: ['owner'] },
  // Written only by the callables
  { path: '/orders', read: ['admin'], value: {}, write: NOBODY },
  {
    path: '/orders/oAlice',
    read: ['owner', 'admin'],
    value: { ...SEED.orders.oAlice, status: 'pending' },
    write: NOBODY,
  },
  { path: '/orders/oAlice/status', read: ['owner', 'admin'], value: 'cancelled', write: NOBODY },
  {
    path: '/orders/oNew',
    read: ['admin'],
    value: { uid: O, number: 'X', kind: 'tickets', status: 'paid', createdAt: 1 },
    write: NOBODY,
  },
  { path: '/tickets', read: ['admin'], value: {}, write: NOBODY },
  { path: `/tickets/${O}`, read: ['owner', 'admin'], value: null, write: NOBODY },
  {
    path: `/tickets/${O}/m-free/karnet`,
    read: ['owner', 'admin'],
    value: { orderId: 'oAlice', status: 'paid' },
    write: NOBODY,
  },
  // Waiting lists: entries only for the admin, each account its own places; nobody but functions writes
  { path: '/waitingList', read: ['admin'], value: {}, write: NOBODY },
  { path: '/waitingList/karnet', read: ['admin'], value: null, write: NOBODY },
  {
    path: '/waitingList/karnet/entries',
    read: ['admin'],
    value: { '-Nw1': { uid: O, memberId: 'm-free', name: 'Ola Nowak', rank: 0, createdAt: 1 } },
    write: NOBODY,
  },
  { path: '/waitingList/karnet/entries/-Nw1/rank', read: ['admin'], value: 0, write: NOBODY },
  { path: '/waitingList/karnet/places', read: ['admin'], value: {}, write: NOBODY },
  {
    path: `/waitingList/karnet/places/${O}`,
    read: ['owner', 'admin'],
    value: { '-Nw1': { memberId: 'm-free', place: 1 } },
    write: NOBODY,
  },
  { path: `/waitingList/karnet/places/${O}/-Nw1/place`, read: ['owner', 'admin'], value: 1, write: NOBODY },
  { path: '/waitingListSettings', read: ['admin'], value: { offerHours: 48 }, write: NOBODY },
  { path: '/ticketTypes/karnet/offers', read: SIGNED_IN, value: { '-Nw1': 1 }, write: NOBODY },
  { path: '/invoices', read: ['admin'], value: {}, write: NOBODY },
  { path: `/invoices/${O}`, read: ['owner', 'admin'], value: null, write: NOBODY },
  { path: `/invoices/${O}/inv1`, read: ['owner', 'admin'], value: { number: 'FV/2027/000009' }, write: NOBODY },
  // KSeF records: the owner reads their own (the KSeF number on the invoice view), only recordKsefSubmission writes
  { path: '/ksef', read: ['admin'], value: {}, write: NOBODY },
  { path: `/ksef/${O}`, read: ['owner', 'admin'], value: null, write: NOBODY },
  {
    path: `/ksef/${O}/FV-2027-000009`,
    read: ['owner', 'admin'],
    value: { ksefNumber: '1234563218-20270105-0100001AF629-00', submittedOn: '2027-01-05' },
    write: NOBODY,
  },
  { path: `/ksef/${O}/FV-2027-000009/ksefNumber`, read: ['owner', 'admin'], value: 'x', write: NOBODY },
  { path: '/ksefNumbers', read: ['admin'], value: {}, write: NOBODY },
  {
    path: '/ksefNumbers/1234563218-20270105-0100001AF629-00',
    read: ['admin'],
    value: { uid: O, invoiceId: 'FV-2027-000009' },
    write: NOBODY,
  },
  // Offline24 marks: the owner sees their own (OFFLINE, KOD II); the outbox and the UPOs are admins' only
  { path: '/ksefOffline', read: ['admin'], value: {}, write: NOBODY },
  {
    path: `/ksefOffline/${O}/FV-2027-000009`,
    read: ['owner', 'admin'],
    value: { sha256: 'x'.repeat(43), markedAt: 1, deadline: '2027-01-05' },
    write: NOBODY,
  },
  { path: '/ksefOutbox/FV-2027-000009', read: ['admin'], value: { status: 'queued' }, write: NOBODY },
  { path: '/ksefUpoMissing/FV-2027-000009', read: ['admin'], value: 1, write: NOBODY },
  { path: '/ksefUpo/FV-2027-000009', read: ['admin'], value: { xml: '<x/>' }, write: NOBODY },
  // Bank statement import: payers' bank data, admins only; written only by the callables
  { path: '/bank', read: ['admin'], value: {}, write: NOBODY },
  { path: '/bank/transactions', read: ['admin'], value: {}, write: NOBODY },
  {
    path: `/bank/transactions/t${'0'.repeat(32)}`,
    read: ['admin'],
    value: {
      status: 'done',
      outcome: 'ignored',
      bookingDate: '2027-07-01',
      amountGrosze: 100,
      currency: 'PLN',
      title: 'x',
      payerName: 'Jan Kowalski',
      payerAccount: '60102010260000123456789012',
    },
    write: NOBODY,
  },
  { path: '/bank/refundCandidates', read: ['admin'], value: {}, write: NOBODY },
  {
    path: `/bank/refundCandidates/t${'0'.repeat(32)}`,
    read: ['admin'],
    value: { reason: 'duplicate', refundGrosze: 100, status: 'open' },
    write: NOBODY,
  },
  { path: `/bank/refundCandidates/t${'0'.repeat(32)}/status`, read: ['admin'], value: 'refunded', write: NOBODY },
  { path: `/bank/csvMappings/c${'0'.repeat(24)}`, read: ['admin'], value: { bank: 'Santander' }, write: NOBODY },
  {
    path: `/orders/oAlice/bankTransfer`,
    read: ['owner', 'admin'],
    value: { txKey: `t${'0'.repeat(32)}`, bookingDate: '2027-07-01', amountGrosze: 100 },
    write: NOBODY,
  },
  { path: '/pickups', read: ['staff', 'admin'], value: {}, write: NOBODY },
  { path: `/pickups/${O}`, read: ['owner', 'staff', 'admin'], value: null, write: NOBODY },
  { path: `/pickups/${O}/p1/status`, read: ['owner', 'staff', 'admin'], value: 'picked', write: NOBODY },
  { path: '/pickupDirectory', read: ['staff', 'admin'], value: {}, write: NOBODY },
  {
    path: `/pickupDirectory/${O}`,
    read: ['staff', 'admin'],
    value: { pickupCode: 'KDBBB234', name: 'X Y', email: 'x@x.pl', nameLower: 'x y', lastNameLower: 'y' },
    write: NOBODY,
  },
  { path: '/pickupCodes', read: ['staff', 'admin'], value: {}, write: NOBODY },
  { path: '/pickupCodes/KDALA234', read: ['staff', 'admin'], value: { uid: 'bob' }, write: NOBODY },
  // Offline hand-outs: conflicts for the stations and the admins, outcomes for the admins; only syncOfflineHandOuts writes
  { path: '/pickupConflicts', read: ['staff', 'admin'], value: {}, write: NOBODY },
  {
    path: '/pickupConflicts/00000000-0000-4000-8000-000000000001',
    read: ['staff', 'admin'],
    value: { uid: O, itemId: 'p1', reason: 'already-picked' },
    write: NOBODY,
  },
  // Settled only through settlePickupConflict (who, how, when): no station writes its own settlement.
  {
    path: '/pickupConflicts/00000000-0000-4000-8000-000000000001/settled',
    read: ['staff', 'admin'],
    value: { resolution: 'mistake', by: 'staff', byName: 'Ala', at: 1780000000000 },
    write: NOBODY,
  },
  { path: '/pickupSync', read: ['admin'], value: {}, write: NOBODY },
  {
    path: '/pickupSync/00000000-0000-4000-8000-000000000001',
    read: ['admin'],
    value: { uid: O, itemId: 'p1', outcome: 'applied' },
    write: NOBODY,
  },
  { path: '/roles', read: ['admin'], value: {}, write: NOBODY },
  { path: `/roles/${O}`, read: ['owner', 'admin'], value: { admin: true, staff: true, updatedAt: 1 }, write: NOBODY },
  { path: `/roles/${O}/admin`, read: ['owner', 'admin'], value: true, write: NOBODY },
  { path: '/stats', read: ['admin'], value: {}, write: NOBODY },
  { path: '/stats/public', read: SIGNED_IN, value: { accounts: 1000 }, write: NOBODY },
  { path: '/stats/admin', read: ['admin'], value: { revenuePaid: 0 }, write: NOBODY },
  { path: `/pickupLocks/${O}`, read: ['admin'], value: { token: 't', by: 'x', at: 1 }, write: NOBODY },
  { path: '/counters', read: ['admin'], value: {}, write: NOBODY },
  { path: '/counters/invoices/2027', read: ['admin'], value: 0, write: NOBODY },
  // Refunds and correction invoices: the order's owner reads, only the refund callables write
  { path: '/refunds', read: ['admin'], value: {}, write: NOBODY },
  {
    path: '/refunds/oAlice',
    read: ['owner', 'admin'],
    value: { uid: O, orderNumber: 'ZAM/2027/000001' },
    write: NOBODY,
  },
  {
    path: '/refunds/oAlice/requests/r-1',
    read: ['owner', 'admin'],
    value: { uid: O, lines: { l1: 1 }, bankAccount: '61109010140000071219812874', status: 'open', createdAt: 1 },
    write: NOBODY,
  },
  {
    path: '/refunds/oAlice/corrections/KOR-2027-000001/status',
    read: ['owner', 'admin'],
    value: 'transferred',
    write: NOBODY,
  },
  { path: '/refunds/oNew', read: ['admin'], value: { uid: O }, write: NOBODY },
  { path: '/corrections', read: ['admin'], value: {}, write: NOBODY },
  { path: `/corrections/${O}`, read: ['owner', 'admin'], value: null, write: NOBODY },
  {
    path: `/corrections/${O}/KOR-2027-000001`,
    read: ['owner', 'admin'],
    value: { number: 'KOR/2027/000001' },
    write: NOBODY,
  },
  { path: '/counters/corrections/2027', read: ['admin'], value: { last: 1 }, write: NOBODY },
  { path: '/stats/refunds', read: ['admin'], value: { gross: 1 }, write: NOBODY },
  { path: '/refunds/oAlice/open/l1', read: ['owner', 'admin'], value: 'r-1', write: NOBODY },
  { path: '/refunds/oAlice/refunded/l1', read: ['owner', 'admin'], value: { quantity: 0, gross: 0 }, write: NOBODY },
  {
    path: '/refunds/oAlice/returns/l1',
    read: ['owner', 'admin'],
    value: { at: 1, by: 'staffUid', byName: 'Obsługa' },
    write: NOBODY,
  },
  {
    path: '/refunds/oAlice/lock',
    read: ['owner', 'admin'],
    value: { token: 't', by: 'x', at: 1, year: 2027 },
    write: NOBODY,
  },
  {
    path: '/refunds/oAlice/corrections/KOR-2027-000001',
    read: ['owner', 'admin'],
    value: { number: 'KOR/2027/000001', amount: 1, fee: 0, status: 'due' },
    write: NOBODY,
  },
  { path: `/corrections/${O}/KOR-2027-000001/refundAmount`, read: ['owner', 'admin'], value: 999999, write: NOBODY },
  { path: '/counters/corrections/2027/pending/oAlice', read: ['admin'], value: 1, write: NOBODY },
  { path: '/stats/refunds/perDay/2027-01-05', read: ['admin'], value: { count: 1, gross: 1 }, write: NOBODY },
  { path: '/stats/refunds/ticketTypes/karnet', read: ['admin'], value: { quantity: 1, gross: 1 }, write: NOBODY },
  { path: '/stats/refunds/variants/tshirt/M', read: ['admin'], value: { quantity: 1, gross: 1 }, write: NOBODY },
  {
    path: `/ksef/${O}/KOR-2027-000001`,
    read: ['owner', 'admin'],
    value: { ksefNumber: '1234563218-20270105-0100001AF629-00', submittedOn: '2027-01-05' },
    write: NOBODY,
  },
  { path: '/idempotency', read: ['admin'], value: {}, write: NOBODY },
  { path: `/idempotency/${O}/key1`, read: ['admin'], value: { orderId: 'oBob', createdAt: 1 }, write: NOBODY },
  { path: `/idempotency/${O}/key2`, read: ['admin'], value: { orderId: 'oAlice', createdAt: 1 }, write: NOBODY },
  { path: '/holdings', read: ['admin'], value: {}, write: NOBODY },
  { path: `/holdings/${O}`, read: ['admin'], value: { tickets: { karnet: 0 } }, write: NOBODY },
  { path: `/basketClaims/${O}/merch`, read: ['admin'], value: { orderId: 'oAlice', at: 1 }, write: NOBODY },
  // Discount codes (docs/discounts.md): participants learn a code's terms only through checkDiscountCode.
  { path: '/discountCodes', read: ['admin'], value: {}, write: NOBODY },
  {
    path: '/discountCodes/CZLONEK',
    read: ['admin'],
    value: { kind: 'percent', value: 100, active: true, createdAt: 1, createdBy: O },
    write: NOBODY,
  },
  { path: '/discountUses/CZLONEK', read: ['admin'], value: { used: 0 }, write: NOBODY },
  { path: '/discountUses/CZLONEK/used', read: ['admin'], value: 0, write: NOBODY },
  { path: '/stats/admin/discounts/CZLONEK', read: ['admin'], value: { orders: 0 }, write: NOBODY },
  { path: '/maintenance/reconcile', read: ['admin'], value: { by: 'x', startedAt: 1 }, write: NOBODY },
  // E-mail outbox: admins read it (the „Poczta” view), only functions write it; a participant's own mail preferences
  { path: '/outbox', read: ['admin'], value: {}, write: NOBODY },
  {
    path: '/outbox/op-oAlice',
    read: ['admin'],
    value: { kind: 'orderPlaced', uid: O, to: 'alice@example.com', subject: 'Zamówienie', createdAt: 1 },
    write: NOBODY,
  },
  { path: '/outbox/op-oAlice/status', read: ['admin'], value: 'sent', write: NOBODY },
  { path: '/mailPrefs', read: ['admin'], value: {}, write: NOBODY },
  {
    path: `/mailPrefs/${O}`,
    read: ['owner', 'admin'],
    value: { optional: false, updatedAt: SERVER_TIMESTAMP },
    write: ['owner'],
  },
  { path: `/mailPrefs/${O}/optional`, read: ['owner', 'admin'], value: true, write: ['owner'] },
  // Anything not in the data model
  { path: '/somethingElse', read: ['admin'], value: 'x', write: NOBODY },
];

const testEnv = await rulesTestEnv('demo-rules-matrix');
// One signed-in app per persona for the whole file, not one per test.
const contexts = new Map<Persona, RulesTestContext>(PERSONAS.map((persona) => [persona, contextFor(testEnv, persona)]));
const db = (persona: Persona) => contexts.get(persona)!.database();

const label = (allowed: boolean) => (allowed ? 'allowed' : 'denied');

describe('read matrix', () => {
  beforeAll(async () => {
    await seedDatabase(testEnv);
  });

  const reads = new Map<string, Persona[]>();
  for (const row of MATRIX) reads.set(row.path, row.read);
  for (const [path, readers] of reads) {
    for (const persona of PERSONAS) {
      const allowed = readers.includes(persona);
      it(`${persona} reading ${path} is ${label(allowed)}`, async () => {
        const read = db(persona).ref(path).once('value');
        if (allowed) await assertSucceeds(read);
        else await assertFails(read);
      });
    }
  }
});

describe('write matrix', () => {
  beforeEach(async () => {
    await seedDatabase(testEnv);
  });

  for (const row of MATRIX) {
    for (const persona of PERSONAS) {
      const allowed = row.write.includes(persona);
      const what = row.value === null ? 'deleting' : 'writing';
      it(`${persona} ${what} ${row.path} is ${label(allowed)}`, async () => {
        const write = db(persona).ref(row.path).set(row.value);
        if (allowed) await assertSucceeds(write);
        else await assertFails(write);
      });
    }
  }
});
