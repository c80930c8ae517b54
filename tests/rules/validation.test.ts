// Shapes the owner may and may not store in their own members, basket and e-mail preferences: wrong
// types, missing fields, too-long strings, unknown keys, dangling references, server-time fields. Each
// case runs against a freshly seeded database, as the owner, so a refusal can only come from .validate
// (or the member-with-ticket rule), never from the owner lacking access (but for the updates across
// paths that include one the owner may not write).
// The owner's profile is written only by the callables (completeRegistration, updateProfile, ...), which
// check what rules cannot (the NIP checksum, names not blank): every owner write to it is refused,
// well-formed or not (the cases of the time the owner wrote profile fields, below).
import { beforeEach, describe, expect, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { rulesTestEnv } from './setup.js';
import { NEWCOMER, OTHER, OWNER, SEED, SERVER_TIMESTAMP, seedDatabase } from './fixtures.js';

type Op = 'set' | 'update';
interface Case {
  name: string;
  path: string;
  value: unknown;
  ok: boolean;
  op?: Op;
}

const P = `/profiles/${OWNER}`;
const M = `/members/${OWNER}`;
const B = `/baskets/${OWNER}`;
const P_MAIL = `/mailPrefs/${OWNER}`;
const long = (n: number) => 'x'.repeat(n);

const person = {
  kind: 'person',
  name: 'Alicja Bałtycka',
  street: 'ul. Morska 5/2',
  postalCode: '76-270',
  city: 'Ustka',
  country: 'PL',
};
const company = { ...person, kind: 'company', name: 'Żagle Sp. z o.o.', nip: '5260250274' };
const member = { firstName: 'Ola', lastName: 'Nowak', createdAt: SERVER_TIMESTAMP };
/** m-free as the fixtures store it (its createdAt is immutable). */
const existingMember = { firstName: 'Kuba', lastName: 'Bałtycki', createdAt: 1_780_000_000_000 };
/** Characters that would print a fake line, reorder the printed text, or be no text at all. */
export const UNSAFE_TEXTS: [string, string][] = [
  ['a line break (fake NIP line)', '\nNIP: 526-000-12-46'],
  ['a carriage return', '\r'],
  ['a tab', '\t'],
  ['NUL', '\u0000'],
  ['DEL', '\u007f'],
  ['a C1 control', '\u0085'],
  ['a right-to-left override', '\u202e'],
  ['a left-to-right isolate', '\u2066'],
  ['a line separator', '\u2028'],
  ['a lone high surrogate', '\ud83d'],
  ['a lone low surrogate', '\ude00'],
  ['a lone high surrogate before a letter', '\ud83dx'],
];
const ticketLine = { ticketTypeId: 'karnet' };
const merchLine = { productId: 'tshirt', variantId: 'M', quantity: 1 };

const CASES: Case[] = [
  // Members: created only by the addMember callable (server-minted id, at most 30); the owner
  // replaces or edits an existing one.
  { name: 'new member written by the client', path: `${M}/m-new`, value: member, ok: false },
  {
    name: 'new member under a push id written by the client',
    path: `${M}/-Nx1aBcDeFgHiJkLmNoP`,
    value: member,
    ok: false,
  },
  { name: 'member replaced whole', path: `${M}/m-free`, value: existingMember, ok: true },
  {
    name: 'member replaced with birth year and relation',
    path: `${M}/m-free`,
    value: { ...existingMember, birthYear: 2015, relation: 'child' },
    ok: true,
  },
  {
    name: 'member replaced without a last name',
    path: `${M}/m-free`,
    value: { ...existingMember, lastName: undefined },
    ok: false,
  },
  {
    name: 'member replaced without createdAt',
    path: `${M}/m-free`,
    value: { ...existingMember, createdAt: undefined },
    ok: false,
  },
  {
    name: 'member replaced with another createdAt',
    path: `${M}/m-free`,
    value: { ...existingMember, createdAt: 1_780_000_000_001 },
    ok: false,
  },
  {
    name: 'member replaced with an unknown key',
    path: `${M}/m-free`,
    value: { ...existingMember, ticket: 'karnet' },
    ok: false,
  },
  {
    name: 'member first name over 60 characters',
    path: `${M}/m-free`,
    value: { ...existingMember, firstName: long(61) },
    ok: false,
  },
  { name: 'member first name as a number', path: `${M}/m-free`, value: { ...existingMember, firstName: 7 }, ok: false },
  { name: 'birth year before 1900', path: `${M}/m-free`, value: { ...existingMember, birthYear: 1899 }, ok: false },
  { name: 'fractional birth year', path: `${M}/m-free`, value: { ...existingMember, birthYear: 2015.5 }, ok: false },
  { name: 'birth year as a string', path: `${M}/m-free`, value: { ...existingMember, birthYear: '2015' }, ok: false },
  { name: 'relation outside the list', path: `${M}/m-free`, value: { ...existingMember, relation: 'syn' }, ok: false },
  { name: 'relation as a number', path: `${M}/m-free`, value: { ...existingMember, relation: 1 }, ok: false },
  { name: 'member id over 64 characters', path: `${M}/${long(65)}`, value: member, ok: false },
  { name: 'member as a string', path: `${M}/m-free`, value: 'Ola Nowak', ok: false },
  // A name must not be blank (the member schema trims it): spaces only, also no-break or ideographic ones.
  { name: 'member first name of spaces only', path: `${M}/m-free/firstName`, value: '   ', ok: false },
  {
    name: 'member last name of no-break and ideographic spaces',
    path: `${M}/m-free/lastName`,
    value: '\u00a0\u3000',
    ok: false,
  },
  { name: 'member first name with spaces around it', path: `${M}/m-free/firstName`, value: ' Ola ', ok: true },
  // Text hygiene: no control, line-break, bidi-override or unpaired-surrogate characters in names.
  ...UNSAFE_TEXTS.flatMap(([what, text]): Case[] => [
    { name: `member first name with ${what}`, path: `${M}/m-free/firstName`, value: `Ola${text}`, ok: false },
    { name: `member last name with ${what}`, path: `${M}/m-free/lastName`, value: `Nowak${text}`, ok: false },
  ]),
  {
    name: 'member name with Polish letters, an apostrophe and an emoji',
    path: `${M}/m-free/firstName`,
    value: 'Zoë-Łucja O’Brien ⛵🌊',
    ok: true,
  },
  {
    name: 'member last name with HTML (stored as text, rendered as text)',
    path: `${M}/m-free/lastName`,
    value: '<b>Nowak</b> & Syn',
    ok: true,
  },
  // A name field on its own (the same rule as the names the profile once had)
  { name: 'member first name', path: `${M}/m-free/firstName`, value: 'Alicja Maria', ok: true },
  { name: 'member first name at 60 characters', path: `${M}/m-free/firstName`, value: long(60), ok: true },
  { name: 'member first name alone over 60 characters', path: `${M}/m-free/firstName`, value: long(61), ok: false },
  { name: 'empty member first name', path: `${M}/m-free/firstName`, value: '', ok: false },
  { name: 'member first name alone as a number', path: `${M}/m-free/firstName`, value: 42, ok: false },
  { name: 'member first name as an object', path: `${M}/m-free/firstName`, value: { a: 'b' }, ok: false },
  { name: 'deleting the member first name', path: `${M}/m-free/firstName`, value: null, ok: false },
  { name: 'member last name over 60 characters', path: `${M}/m-free/lastName`, value: long(61), ok: false },
  { name: 'member last name as a boolean', path: `${M}/m-free/lastName`, value: true, ok: false },
  {
    name: 'update of several member fields together',
    path: `${M}/m-free`,
    op: 'update',
    value: { firstName: 'Jakub', lastName: 'Nowak', birthYear: 2015, relation: 'child' },
    ok: true,
  },
  {
    name: 'update mixing a member field and an unknown key',
    path: `${M}/m-free`,
    op: 'update',
    value: { firstName: 'Jakub', role: 'admin' },
    ok: false,
  },
  // One update across paths: refused as a whole when one of them is not the owner's to write
  {
    name: 'update of a member field and the basket time together',
    path: '/',
    op: 'update',
    value: { [`members/${OWNER}/m-free/firstName`]: 'Jakub', [`baskets/${OWNER}/updatedAt`]: SERVER_TIMESTAMP },
    ok: true,
  },
  {
    name: 'update mixing a member field and an order status',
    path: '/',
    op: 'update',
    value: { [`members/${OWNER}/m-free/firstName`]: 'Jakub', 'orders/oAlice/status': 'paid' },
    ok: false,
  },
  { name: 'renaming an existing member', path: `${M}/m-free`, op: 'update', value: { firstName: 'Jakub' }, ok: true },
  {
    name: 'changing createdAt of an existing member',
    path: `${M}/m-free`,
    op: 'update',
    value: { createdAt: SERVER_TIMESTAMP },
    ok: false,
  },
  { name: 'removing a required member field', path: `${M}/m-free`, op: 'update', value: { lastName: null }, ok: false },
  {
    name: 'removing an optional member field',
    path: `${M}/m-free`,
    op: 'update',
    value: { birthYear: null },
    ok: true,
  },
  { name: 'deleting a member without a ticket', path: `${M}/m-free`, value: null, ok: true },
  { name: 'deleting a member holding a ticket', path: `${M}/m-ticket`, value: null, ok: false },
  {
    name: 'deleting a ticket holder through an update of the list',
    path: M,
    op: 'update',
    value: { 'm-ticket': null },
    ok: false,
  },
  {
    name: 'emptying a ticket holder field by field',
    path: `${M}/m-ticket`,
    op: 'update',
    value: { firstName: null, lastName: null, relation: null, createdAt: null },
    ok: false,
  },
  {
    name: 'replacing the whole member list',
    path: M,
    value: { 'm-free': { firstName: 'Kuba', lastName: 'B', createdAt: SERVER_TIMESTAMP } },
    ok: false,
  },
  // Basket: tickets
  { name: 'ticket line', path: `${B}/tickets/m-ticket`, value: ticketLine, ok: true },
  { name: 'ticket line for an unknown member', path: `${B}/tickets/mNobody`, value: ticketLine, ok: false },
  { name: "ticket line for another user's member", path: `${B}/tickets/m-bob`, value: ticketLine, ok: false },
  {
    name: 'ticket line with an unknown ticket type',
    path: `${B}/tickets/m-ticket`,
    value: { ticketTypeId: 'vip' },
    ok: false,
  },
  {
    name: 'ticket type id pointing inside a ticket type',
    path: `${B}/tickets/m-ticket`,
    value: { ticketTypeId: 'karnet/name' },
    ok: false,
  },
  { name: 'ticket type id as a number', path: `${B}/tickets/m-ticket`, value: { ticketTypeId: 1 }, ok: false },
  {
    name: 'ticket type id in another case',
    path: `${B}/tickets/m-ticket`,
    value: { ticketTypeId: 'KARNET' },
    ok: false,
  },
  {
    name: 'ticket line with a price',
    path: `${B}/tickets/m-ticket`,
    value: { ...ticketLine, priceGrosze: 1 },
    ok: false,
  },
  { name: 'ticket line without a ticket type', path: `${B}/tickets/m-ticket`, value: { note: 'x' }, ok: false },
  { name: 'ticket line as a string', path: `${B}/tickets/m-ticket`, value: 'karnet', ok: false },
  // Basket: merchandise
  { name: 'merch line', path: `${B}/merch/l-1`, value: merchLine, ok: true },
  {
    name: 'merch line assigned to a member',
    path: `${B}/merch/l-1`,
    value: { ...merchLine, memberId: 'm-free' },
    ok: true,
  },
  {
    name: 'merch line for an unknown product',
    path: `${B}/merch/l-1`,
    value: { ...merchLine, productId: 'kubek' },
    ok: false,
  },
  {
    name: 'merch line for an archived product',
    path: `${B}/merch/l-1`,
    value: { ...merchLine, productId: 'old' },
    ok: false,
  },
  {
    name: 'merch line for an unknown variant',
    path: `${B}/merch/l-1`,
    value: { ...merchLine, variantId: 'XXL' },
    ok: false,
  },
  {
    name: 'merch line for an unknown member',
    path: `${B}/merch/l-1`,
    value: { ...merchLine, memberId: 'm-bob' },
    ok: false,
  },
  { name: 'quantity 0', path: `${B}/merch/l-1`, value: { ...merchLine, quantity: 0 }, ok: false },
  { name: 'quantity 21', path: `${B}/merch/l-1`, value: { ...merchLine, quantity: 21 }, ok: false },
  { name: 'quantity 20', path: `${B}/merch/l-1`, value: { ...merchLine, quantity: 20 }, ok: true },
  { name: 'fractional quantity', path: `${B}/merch/l-1`, value: { ...merchLine, quantity: 1.5 }, ok: false },
  { name: 'quantity as a string', path: `${B}/merch/l-1`, value: { ...merchLine, quantity: '2' }, ok: false },
  {
    name: 'merch line without a quantity',
    path: `${B}/merch/l-1`,
    value: { ...merchLine, quantity: undefined },
    ok: false,
  },
  { name: 'merch line with a price', path: `${B}/merch/l-1`, value: { ...merchLine, priceGrosze: 1 }, ok: false },
  { name: 'merch line id over 64 characters', path: `${B}/merch/${long(65)}`, value: merchLine, ok: false },
  // Basket: root
  { name: 'basket updatedAt from the server', path: `${B}/updatedAt`, value: SERVER_TIMESTAMP, ok: true },
  { name: 'basket updatedAt from the client clock', path: `${B}/updatedAt`, value: 1_780_000_000_005, ok: false },
  { name: 'basket updatedAt as a string', path: `${B}/updatedAt`, value: 'teraz', ok: false },
  { name: 'basket with an unknown key', path: `${B}/discount`, value: 100, ok: false },
  { name: 'basket as a string', path: B, value: 'pełny', ok: false },
  {
    name: 'whole basket',
    path: B,
    value: { tickets: { 'm-ticket': ticketLine }, merch: { 'l-1': merchLine }, updatedAt: SERVER_TIMESTAMP },
    ok: true,
  },
  { name: 'whole basket without updatedAt', path: B, value: { tickets: { 'm-ticket': ticketLine } }, ok: false },
  { name: 'ticket lines as a string', path: `${B}/tickets`, value: 'karnet', ok: false },
  { name: 'merch lines as a number', path: `${B}/merch`, value: 3, ok: false },
  { name: 'members list as a string', path: `${M}/m-new`, value: true, ok: false },
  { name: 'clearing the basket', path: B, value: null, ok: true },
  {
    name: 'mail preferences from the server clock',
    path: P_MAIL,
    value: { optional: false, updatedAt: SERVER_TIMESTAMP },
    ok: true,
  },
  {
    name: 'mail preferences with a past time',
    path: P_MAIL,
    value: { optional: false, updatedAt: 1_779_999_999_000 },
    ok: false,
  },
  { name: 'mail preferences with a negative time', path: P_MAIL, value: { optional: false, updatedAt: -1 }, ok: false },
  { name: 'mail preference alone, its time kept', path: `${P_MAIL}/optional`, value: false, ok: true },
  {
    name: 'whole basket with one bad line',
    path: B,
    value: {
      tickets: { 'm-ticket': ticketLine },
      merch: { 'l-1': { ...merchLine, quantity: 0 } },
      updatedAt: SERVER_TIMESTAMP,
    },
    ok: false,
  },
];

/**
 * Owner writes to their own profile, every one refused: the cases of the time the owner wrote
 * firstName, lastName, phone, country, invoice and updatedAt (well-formed values included, which the
 * rules then accepted), and the values that made direct writes a hole: they pass any rule a format
 * can state, and the callables' schema refuses them.
 */
const PROFILE_WRITES: Omit<Case, 'ok'>[] = [
  // What the rules could not refuse and the profile schema does
  { name: 'NIP that fails the checksum', path: `${P}/invoice`, value: { ...company, nip: '1234567890' } },
  { name: 'first name of spaces only', path: `${P}/firstName`, value: '   ' },
  { name: 'last name of spaces only', path: `${P}/lastName`, value: ' ' },
  { name: 'invoice name of spaces only', path: `${P}/invoice`, value: { ...person, name: '  ' } },
  // Profile fields
  { name: 'first name', path: `${P}/firstName`, value: 'Alicja Maria' },
  { name: 'first name at 60 characters', path: `${P}/firstName`, value: long(60) },
  { name: 'first name over 60 characters', path: `${P}/firstName`, value: long(61) },
  { name: 'empty first name', path: `${P}/firstName`, value: '' },
  { name: 'first name as a number', path: `${P}/firstName`, value: 42 },
  { name: 'first name as an object', path: `${P}/firstName`, value: { a: 'b' } },
  { name: 'deleting the first name', path: `${P}/firstName`, value: null },
  { name: 'last name over 60 characters', path: `${P}/lastName`, value: long(61) },
  { name: 'last name as a boolean', path: `${P}/lastName`, value: true },
  { name: 'phone with letters', path: `${P}/phone`, value: '600-abc-200' },
  { name: 'phone too short', path: `${P}/phone`, value: '12345' },
  { name: 'phone too long', path: `${P}/phone`, value: `+48${'1'.repeat(20)}` },
  { name: 'phone as a number', path: `${P}/phone`, value: 600100200 },
  { name: 'phone without prefix', path: `${P}/phone`, value: '600100200' },
  { name: 'phone ending with a dash', path: `${P}/phone`, value: '600-100-200-' },
  { name: 'country not in /countries', path: `${P}/country`, value: 'XX' },
  { name: 'country in lower case', path: `${P}/country`, value: 'pl' },
  { name: 'country as a path', path: `${P}/country`, value: 'PL/x' },
  { name: 'country from the list', path: `${P}/country`, value: 'LT' },
  { name: 'updatedAt from the client clock', path: `${P}/updatedAt`, value: 1_780_000_000_001 },
  { name: 'updatedAt as a string', path: `${P}/updatedAt`, value: 'teraz' },
  { name: 'unknown profile key', path: `${P}/isAdmin`, value: true },
  {
    name: 'update of name, phone and updatedAt together',
    path: P,
    op: 'update',
    value: { firstName: 'Ala', lastName: 'Nowak', phone: '+48 601 000 000', updatedAt: SERVER_TIMESTAMP },
  },
  {
    name: 'update mixing a name and email',
    path: P,
    op: 'update',
    value: { firstName: 'Ala', email: 'x@example.pl' },
  },
  {
    name: 'update mixing a name and an unknown key',
    path: P,
    op: 'update',
    value: { firstName: 'Ala', role: 'admin' },
  },
  { name: 'update of a nested consent', path: P, op: 'update', value: { 'consents/marketing': true } },
  // Invoice data
  { name: 'invoice for a person', path: `${P}/invoice`, value: person },
  { name: 'invoice for a company with NIP', path: `${P}/invoice`, value: company },
  { name: 'invoice for a company without NIP', path: `${P}/invoice`, value: { ...company, nip: undefined } },
  { name: 'invoice for a person with NIP', path: `${P}/invoice`, value: { ...person, nip: '5260250274' } },
  { name: 'NIP with 9 digits', path: `${P}/invoice`, value: { ...company, nip: '526025027' } },
  { name: 'NIP with dashes', path: `${P}/invoice`, value: { ...company, nip: '526-025-02-74' } },
  { name: 'NIP as a number', path: `${P}/invoice`, value: { ...company, nip: 5260250274 } },
  { name: 'unknown invoice kind', path: `${P}/invoice`, value: { ...person, kind: 'firma' } },
  { name: 'invoice without a city', path: `${P}/invoice`, value: { ...person, city: undefined } },
  { name: 'invoice with an unknown key', path: `${P}/invoice`, value: { ...person, regon: '123456785' } },
  { name: 'invoice name over 120 characters', path: `${P}/invoice`, value: { ...person, name: long(121) } },
  { name: 'invoice city over 60 characters', path: `${P}/invoice`, value: { ...person, city: long(61) } },
  {
    name: 'foreign postal code with a symbol',
    path: `${P}/invoice`,
    value: { ...person, country: 'DE', postalCode: '10115!' },
  },
  {
    name: 'invoice street over 120 characters',
    path: `${P}/invoice`,
    value: { ...person, street: long(121) },
  },
  {
    name: 'Polish postal code without a dash',
    path: `${P}/invoice`,
    value: { ...person, postalCode: '76270' },
  },
  {
    name: 'foreign postal code',
    path: `${P}/invoice`,
    value: { ...person, country: 'DE', postalCode: '10115' },
  },
  {
    name: 'invoice country not in the list',
    path: `${P}/invoice`,
    value: { ...person, country: 'XX', postalCode: '12345' },
  },
  { name: 'invoice as a string', path: `${P}/invoice`, value: 'firma' },
  ...UNSAFE_TEXTS.flatMap(([what, text]): Omit<Case, 'ok'>[] => [
    { name: `profile last name with ${what}`, path: `${P}/lastName`, value: `Nowak${text}` },
    { name: `invoice name with ${what}`, path: `${P}/invoice`, value: { ...person, name: `Jan Kowalski${text}` } },
    { name: `invoice street with ${what}`, path: `${P}/invoice`, value: { ...person, street: `ul. Morska 1${text}` } },
    { name: `invoice city with ${what}`, path: `${P}/invoice`, value: { ...person, city: `Ustka${text}` } },
  ]),
  {
    name: 'invoice name with HTML (stored as text, rendered as text)',
    path: `${P}/invoice`,
    value: { ...person, name: '<b>Jan</b> & Syn' },
  },
  {
    name: 'consents replaced by the owner',
    path: `${P}/consents`,
    value: { terms: true, privacy: true, marketing: true, acceptedAt: 1 },
  },
  {
    name: 'update mixing a member field and a profile field',
    path: '/',
    op: 'update',
    value: { [`members/${OWNER}/m-free/firstName`]: 'Jakub', [`profiles/${OWNER}/firstName`]: 'Jakub' },
  },
];

const testEnv = await rulesTestEnv('demo-rules-validation');
const owner = testEnv.authenticatedContext(OWNER);

beforeEach(() => seedDatabase(testEnv));

// JSON round trip drops the `undefined` fields the table uses to say "missing".
const plain = (value: unknown) => (value === null ? null : JSON.parse(JSON.stringify(value)));

/** Invoice data in the owner's profile, as the callables store it. */
const withInvoice = (invoice: unknown) =>
  testEnv.withSecurityRulesDisabled((admin) => admin.database().ref(`${P}/invoice`).set(invoice));

/** The owner's profile as stored. */
async function storedProfile(): Promise<unknown> {
  let value: unknown;
  await testEnv.withSecurityRulesDisabled(async (admin) => {
    value = (await admin.database().ref(P).once('value')).val();
  });
  return value;
}

describe('owner writes: shapes', () => {
  for (const c of CASES) {
    it(`${c.name} is ${c.ok ? 'accepted' : 'refused'}`, async () => {
      const ref = owner.database().ref(c.path);
      const write = c.op === 'update' ? ref.update(plain(c.value)) : ref.set(plain(c.value));
      if (c.ok) await assertSucceeds(write);
      else await assertFails(write);
    });
  }
});

describe('owner writes: their own profile, refused whatever its shape', () => {
  for (const c of PROFILE_WRITES) {
    it(`${c.name} is refused`, async () => {
      const ref = owner.database().ref(c.path);
      await assertFails(c.op === 'update' ? ref.update(plain(c.value)) : ref.set(plain(c.value)));
    });
  }
});

describe('profile lifecycle', () => {
  it('a signed-in user without a profile cannot create one, field by field or whole', async () => {
    const newcomer = testEnv.authenticatedContext(NEWCOMER).database();
    await assertFails(newcomer.ref(`/profiles/${NEWCOMER}/firstName`).set('Nina'));
    await assertFails(newcomer.ref(`/profiles/${NEWCOMER}`).update({ firstName: 'Nina', lastName: 'Nowa' }));
    await assertFails(newcomer.ref(`/profiles/${NEWCOMER}`).set({ ...SEED.profiles[OWNER], email: 'nina@example.pl' }));
  });

  it('the owner can neither set nor remove the invoice data, nor delete the whole profile', async () => {
    await assertFails(owner.database().ref(`${P}/invoice`).set(person));
    await withInvoice(person);
    await assertFails(owner.database().ref(`${P}/invoice`).set(null));
    await assertFails(owner.database().ref(P).set(null));
    expect(await storedProfile()).toEqual({ ...SEED.profiles[OWNER], invoice: person });
  });

  it('no invoice field can be changed, not even once invoice data exists', async () => {
    await withInvoice(person);
    await assertFails(owner.database().ref(`${P}/invoice/city`).set('Łeba'));
    await assertFails(owner.database().ref(`${P}/invoice/city`).set(''));
    await assertFails(owner.database().ref(`${P}/invoice/nip`).set('5260250274'));
    expect(await storedProfile()).toEqual({ ...SEED.profiles[OWNER], invoice: person });
  });

  it('a new basket is started with one update that includes updatedAt', async () => {
    const db = testEnv.authenticatedContext(OTHER).database();
    await assertSucceeds(db.ref(`/baskets/${OTHER}`).set(null));
    await assertFails(db.ref(`/baskets/${OTHER}/tickets/m-bob`).set(ticketLine));
    await assertSucceeds(
      db.ref(`/baskets/${OTHER}`).update({ 'tickets/m-bob': ticketLine, updatedAt: SERVER_TIMESTAMP }),
    );
  });

  it('a basket line can name a member only once the member exists', async () => {
    const db = owner.database();
    await assertFails(db.ref(`${B}/tickets/m-new`).set(ticketLine));
    await testEnv.withSecurityRulesDisabled((admin) =>
      admin
        .database()
        .ref(`${M}/m-new`)
        .set({ ...member, createdAt: 1_780_000_000_000 }),
    );
    await assertSucceeds(db.ref(`${B}/tickets/m-new`).set(ticketLine));
  });
});
