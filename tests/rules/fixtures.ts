// A small but complete database: every path of docs/data-model.md holds data, so that every read in
// the matrix reads something real and every reference check has something to find (or not).
import type { RulesTestContext, RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { product, ticketType, variant } from '../helpers/catalogue';

export const OWNER = 'alice';
export const OTHER = 'bob';
export const STAFF = 'stan';
export const ADMIN = 'ada';
/** Signed in, but registration not completed: no profile yet. */
export const NEWCOMER = 'nina';

export type Persona = 'anonymous' | 'owner' | 'other' | 'staff' | 'admin';
export const PERSONAS: readonly Persona[] = ['anonymous', 'owner', 'other', 'staff', 'admin'];

export function contextFor(testEnv: RulesTestEnvironment, persona: Persona): RulesTestContext {
  switch (persona) {
    case 'anonymous':
      return testEnv.unauthenticatedContext();
    case 'owner':
      return testEnv.authenticatedContext(OWNER);
    case 'other':
      return testEnv.authenticatedContext(OTHER);
    case 'staff':
      return testEnv.authenticatedContext(STAFF, { staff: true });
    case 'admin':
      return testEnv.authenticatedContext(ADMIN, { admin: true });
  }
}

export const SERVER_TIMESTAMP = { '.sv': 'timestamp' } as const;
const T0 = 1_780_000_000_000;

// Pickup codes use the alphabet of the domain module (no 0/O, 1/I).
const PICKUP_CODES: Record<string, string> = { alice: 'KDALA234', bob: 'KDBBB234', stan: 'KDSTN234', ada: 'KDADA234' };

function profile(uid: string, firstName: string, lastName: string) {
  return {
    email: `${uid}@example.pl`,
    firstName,
    lastName,
    phone: '+48 600 100 200',
    country: 'PL',
    consents: { terms: true, privacy: true, marketing: false, acceptedAt: T0 },
    pickupCode: PICKUP_CODES[uid],
    createdAt: T0,
    updatedAt: T0,
  };
}

/** Invoice data of a company buyer, well-formed (the profile schema accepts it); only the callables store it. */
export const VALID_INVOICE = {
  kind: 'company',
  name: 'Żagle Sp. z o.o.',
  nip: '5260250274',
  street: 'ul. Portowa 2',
  postalCode: '76-270',
  city: 'Ustka',
  country: 'PL',
};

export const SEED = {
  event: {
    name: 'Zlot Morski 2027',
    place: 'Ustka',
    startDate: '2027-07-16',
    endDate: '2027-07-18',
    seller: {
      name: 'Fundacja Morska',
      street: 'ul. Marynarki Polskiej 1',
      postalCode: '76-270',
      city: 'Ustka',
      nip: '5260250274',
      bankName: 'Bank',
      bankAccount: 'PL61109010140000071219812874',
    },
    pickupInfo: 'Namiot przy wejściu',
  },
  countries: { PL: 'Polska', DE: 'Niemcy', LT: 'Litwa' },
  ticketTypes: {
    karnet: ticketType({ priceGrosze: 18000, sold: 1 }),
    dzien: ticketType({ name: 'Bilet jednodniowy', priceGrosze: 7000, sortOrder: 2 }),
  },
  products: {
    tshirt: product({
      name: 'Koszulka',
      priceGrosze: 6900,
      variants: {
        M: variant('M', 2),
        L: variant('L', 3),
      },
    }),
  },
  archivedProducts: { old: { name: 'Czapka', priceGrosze: 3000, vatRate: 23, archivedAt: T0 } },
  profiles: {
    [OWNER]: profile(OWNER, 'Alicja', 'Bałtycka'),
    [OTHER]: profile(OTHER, 'Bartosz', 'Morski'),
    [STAFF]: profile(STAFF, 'Stanisław', 'Portowy'),
    [ADMIN]: profile(ADMIN, 'Ada', 'Kapitan'),
  },
  members: {
    [OWNER]: {
      'm-ticket': { firstName: 'Alicja', lastName: 'Bałtycka', relation: 'self', createdAt: T0 },
      'm-free': { firstName: 'Kuba', lastName: 'Bałtycki', birthYear: 2016, relation: 'child', createdAt: T0 },
    },
    [OTHER]: { 'm-bob': { firstName: 'Bartosz', lastName: 'Morski', createdAt: T0 } },
  },
  baskets: {
    [OWNER]: { tickets: { 'm-free': { ticketTypeId: 'dzien' } }, updatedAt: T0 },
    [OTHER]: { merch: { 'line-1': { productId: 'tshirt', variantId: 'L', quantity: 1 } }, updatedAt: T0 },
  },
  orders: {
    oAlice: { uid: OWNER, number: 'ZM/2027/000001', kind: 'tickets', status: 'paid', createdAt: T0 },
    oAlice2: { uid: OWNER, number: 'ZM/2027/000003', kind: 'merch', status: 'pending', createdAt: T0 + 2 },
    oBob: { uid: OTHER, number: 'ZM/2027/000002', kind: 'merch', status: 'pending', createdAt: T0 + 1 },
  },
  tickets: { [OWNER]: { 'm-ticket': { karnet: { orderId: 'oAlice', status: 'paid' } } } },
  invoices: { [OWNER]: { inv1: { number: 'FV/2027/000001', orderId: 'oAlice' } } },
  pickups: {
    [OWNER]: { p1: { orderId: 'oAlice', label: 'Opaska', productId: 'tshirt', variantId: 'M', status: 'waiting' } },
  },
  pickupDirectory: {
    [OWNER]: {
      pickupCode: 'KDALA234',
      name: 'Alicja Bałtycka',
      email: 'alice@example.pl',
      nameLower: 'alicja bałtycka',
      lastNameLower: 'bałtycka',
    },
    [OTHER]: {
      pickupCode: 'KDCCC234',
      name: 'Bogdan Nowak',
      email: 'bogdan@example.pl',
      nameLower: 'bogdan nowak',
      lastNameLower: 'nowak',
    },
  },
  pickupCodes: { KDALA234: { uid: OWNER } },
  roles: {
    [OWNER]: { admin: false, staff: false, updatedAt: T0 },
    [ADMIN]: { admin: true, staff: false, updatedAt: T0 },
  },
  stats: { public: { accounts: 3, ticketsPaid: 1 }, admin: { revenuePaid: 18000, revenuePending: 6900 } },
  counters: { invoices: { 2027: 1 }, orders: { 2027: 3 } },
  holdings: { [OWNER]: { tickets: { karnet: 1 } } },
  discountCodes: { CZLONEK: { kind: 'percent', value: 20, active: true, createdAt: 1, createdBy: OWNER } },
  discountUses: { CZLONEK: { used: 1, accounts: { [OWNER]: 1 }, orders: { oAlice: { uid: OWNER, units: 1 } } } },
  mailPrefs: { [OWNER]: { optional: true, updatedAt: T0 } },
  outbox: {
    'op-oAlice': { kind: 'orderPlaced', uid: OWNER, to: 'alice@example.com', subject: 'Zamówienie', createdAt: T0 },
  },
  idempotency: { [OWNER]: { key1: { orderId: 'oAlice', createdAt: T0 } } },
};

/** A whole basket the owner may write: a ticket and a T-shirt for their member without a ticket. */
export const VALID_BASKET = {
  tickets: { 'm-free': { ticketTypeId: 'karnet' } },
  merch: { 'l-1': { productId: 'tshirt', variantId: 'M', quantity: 2, memberId: 'm-free' } },
  updatedAt: SERVER_TIMESTAMP,
};

export async function seedDatabase(testEnv: RulesTestEnvironment): Promise<void> {
  await testEnv.withSecurityRulesDisabled(async (context) => {
    await context.database().ref().set(SEED);
  });
}
