import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseWith } from './issues.js';
import {
  bankAccountSchema,
  basketSchema,
  discountCodeSchema,
  invoiceDataSchema,
  keySchema,
  legalDocumentSchema,
  memberInputSchema,
  orderSchema,
  pickupDirectoryEntry,
  pickupDirectoryEntrySchema,
  profileSchema,
} from './schemas.js';
import {
  completeRegistrationInput,
  placeTicketOrderInput,
  upsertProductInput,
  upsertTicketTypeInput,
} from './callables.js';
import { PERSON } from '../../../tests/helpers/buyers.mjs';

const person = PERSON;

describe('schemas', () => {
  it('validates invoice data with NIP checksum and Polish messages', () => {
    expect(parseWith(invoiceDataSchema, person).ok).toBe(true);
    const company = parseWith(invoiceDataSchema, {
      ...person,
      kind: 'company',
      name: 'Żagle sp. z o.o.',
      nip: '123-456-32-18',
    });
    expect(company.ok && company.data).toMatchObject({ nip: '1234563218' });
    const bad = parseWith(invoiceDataSchema, { ...person, kind: 'company', nip: '1234563217' });
    expect(bad.ok ? null : bad.error).toEqual({ field: 'nip', message: 'Nieprawidłowy NIP' });
    const postal = parseWith(invoiceDataSchema, { ...person, postalCode: '81300' });
    expect(postal.ok ? null : postal.error).toEqual({
      field: 'postalCode',
      message: 'Nieprawidłowy kod pocztowy (00-000)',
    });
    const noKind = parseWith(invoiceDataSchema, { ...person, kind: 'robot' });
    expect(noKind.ok).toBe(false);
  });

  it('words registration errors in Polish with field paths', () => {
    const r = parseWith(completeRegistrationInput, {
      firstName: ' ',
      lastName: 'Nowak',
      phone: '+48 600 100 200',
      country: 'PL',
      consents: { terms: true, privacy: true, marketing: false },
    });
    expect(r.ok ? null : r.error).toEqual({ field: 'firstName', message: 'Podaj imię' });
    const consent = parseWith(completeRegistrationInput, {
      firstName: 'Ala',
      lastName: 'Nowak',
      phone: '600100200',
      country: 'PL',
      consents: { terms: true, privacy: false, marketing: false },
    });
    expect(consent.ok ? null : consent.error.field).toBe('consents.privacy');
    const missing = parseWith(completeRegistrationInput, {});
    expect(missing.ok ? null : missing.error).toEqual({ field: 'firstName', message: 'Podaj imię' });
  });

  it('refuses unknown keys and huge strings', () => {
    const extra = parseWith(placeTicketOrderInput, {
      idempotencyKey: '3f2504e04f8941d39a0c0305e82c3301',
      buyer: person,
      acceptTerms: true,
      priceGrosze: 1,
    });
    expect(extra.ok ? null : extra.error).toEqual({ field: 'priceGrosze', message: 'Niedozwolone pole: priceGrosze' });
    const huge = parseWith(invoiceDataSchema, { ...person, name: 'x'.repeat(100_000) });
    expect(huge.ok ? null : huge.error.field).toBe('name');
    const wrongType = parseWith(placeTicketOrderInput, { idempotencyKey: 12345678, buyer: person, acceptTerms: true });
    expect(wrongType.ok ? null : wrongType.error.field).toBe('idempotencyKey');
  });

  it('checks bank accounts (IBAN mod 97)', () => {
    expect(bankAccountSchema.safeParse('61 1090 1014 0000 0712 1981 2874').success).toBe(true);
    expect(bankAccountSchema.safeParse('PL61109010140000071219812874').data).toBe('61109010140000071219812874');
    expect(bankAccountSchema.safeParse('62 1090 1014 0000 0712 1981 2874').success).toBe(false);
  });

  it('validates catalogue inputs', () => {
    const tt = {
      name: 'Karnet 3-dniowy',
      description: '',
      priceGrosze: 14900,
      vatRate: 8,
      quota: 500,
      saleStart: null,
      saleEnd: null,
      active: true,
      sortOrder: 1,
    };
    expect(parseWith(upsertTicketTypeInput, { ticketType: tt }).ok).toBe(true);
    expect(parseWith(upsertTicketTypeInput, { ticketType: { ...tt, vatRate: 7 } }).ok).toBe(false);
    expect(parseWith(upsertTicketTypeInput, { ticketType: { ...tt, priceGrosze: 12.5 } }).ok).toBe(false);
    const win = parseWith(upsertTicketTypeInput, { ticketType: { ...tt, saleStart: 2000, saleEnd: 1000 } });
    expect(win.ok ? null : win.error.field).toBe('ticketType.saleEnd');
    const product = {
      name: 'Koszulka',
      description: '',
      priceGrosze: 8900,
      vatRate: 23,
      active: true,
      sortOrder: 1,
      variants: {},
    };
    expect(parseWith(upsertProductInput, { product }).ok).toBe(false);
    expect(
      parseWith(upsertProductInput, {
        product: { ...product, variants: { m: { label: 'M', stock: 10, sortOrder: 1 } } },
      }).ok,
    ).toBe(true);
  });

  it('validates stored profile and basket shapes', () => {
    const profile = {
      email: 'ala@example.com',
      firstName: 'Ala',
      lastName: 'Nowak',
      phone: '600100200',
      country: 'PL',
      consents: { terms: true, privacy: true, marketing: false, acceptedAt: 1 },
      pickupCode: 'ABCD2345',
      createdAt: 1,
      updatedAt: 1,
    };
    expect(parseWith(profileSchema, profile).ok).toBe(true);
    expect(parseWith(profileSchema, { ...profile, pickupCode: 'ABCD0000' }).ok).toBe(false);
    expect(
      parseWith(basketSchema, { merch: { l1: { productId: 'p', variantId: 'v', quantity: 21 } }, updatedAt: 1 }).ok,
    ).toBe(false);
  });
});

describe('pickupDirectoryEntry', () => {
  it('keys the surname on its own, so a prefix search finds it', () => {
    const entry = pickupDirectoryEntry({
      firstName: 'Anna Maria',
      lastName: 'Żak-Nowak',
      email: 'anna@example.pl',
      pickupCode: 'KDALA234',
    });
    expect(entry).toEqual({
      pickupCode: 'KDALA234',
      name: 'Anna Maria Żak-Nowak',
      email: 'anna@example.pl',
      nameLower: 'anna maria żak-nowak',
      lastNameLower: 'żak-nowak',
    });
    expect(pickupDirectoryEntrySchema.parse(entry)).toEqual(entry);
  });
});

describe('legalDocumentSchema (terms and privacy policy in the event settings)', () => {
  it('takes a page address or the text itself, and stores only the one given', () => {
    expect(legalDocumentSchema.parse({ url: 'https://bryza.example.pl/regulamin' })).toEqual({
      url: 'https://bryza.example.pl/regulamin',
    });
    expect(legalDocumentSchema.parse({ url: '', text: '  §1. Postanowienia ogólne\n\nTreść.  ' })).toEqual({
      text: '§1. Postanowienia ogólne\n\nTreść.',
    });
  });
  it('refuses both, neither, and addresses that are not https', () => {
    expect(legalDocumentSchema.safeParse({ url: 'https://a.pl/r', text: 'Treść' }).success).toBe(false);
    expect(legalDocumentSchema.safeParse({ text: '   ' }).success).toBe(false);
    expect(legalDocumentSchema.safeParse({ url: 'javascript:alert(1)' }).success).toBe(false);
    expect(legalDocumentSchema.safeParse({ url: 'http://bryza.example.pl/regulamin' }).success).toBe(false);
  });
});

describe('zod/mini stored-record schemas inside classic callable schemas', () => {
  // The stored-record schemas are zod/mini (the web parses with them); the callables' inputs are classic
  // zod and embed them. Both build on zod's core, so they must compose with their messages intact.
  const classicInput = z.strictObject({
    id: z.optional(keySchema),
    member: memberInputSchema,
    codes: z.array(discountCodeSchema).max(2, 'Najwyżej 2 kody'),
  });

  it('parses through both layers, keeping the mini schemas’ transforms', () => {
    const result = parseWith(classicInput, {
      member: { firstName: ' Anna ', lastName: 'Nowak' },
      codes: [' lato-10 '],
    });
    expect(result).toEqual({
      ok: true,
      data: { member: { firstName: 'Anna', lastName: 'Nowak' }, codes: ['LATO-10'] },
    });
  });

  it('reports a nested mini schema’s Polish message at its full path', () => {
    const bad = parseWith(classicInput, { id: '__proto__', member: { firstName: '', lastName: 'Nowak' }, codes: [] });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.all).toEqual([
      { field: 'id', message: 'Nieprawidłowy identyfikator' },
      { field: 'member.firstName', message: 'Podaj imię' },
    ]);
    const missing = parseWith(classicInput, { member: { firstName: 'Anna' }, codes: ['lato-10', 'x'] });
    expect(missing.ok).toBe(false);
    if (missing.ok) return;
    expect(missing.all).toEqual([
      { field: 'member.lastName', message: 'Podaj nazwisko' },
      { field: 'codes.1', message: 'Kod rabatowy to 3–32 znaki: litery A–Z, cyfry i „-”' },
    ]);
  });

  it('answers in Polish for a mini schema parsed on its own, where no classic zod locale is loaded', () => {
    const result = parseWith(orderSchema, { uid: 'u1' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toEqual({ field: 'number', message: 'To pole jest wymagane' });
  });

  it('keeps classic zod out of the modules the web parses stored records with', () => {
    // Importing classic zod anywhere on that path brings all of it into the dashboard's download.
    const dir = dirname(fileURLToPath(import.meta.url));
    for (const file of ['schemas.ts', 'issues.ts', 'waitingList.ts', 'bank/transfer.ts', 'payments/onlinePayment.ts']) {
      const imports = [...readFileSync(join(dir, file), 'utf8').matchAll(/from '(zod[^']*)'/g)].map((m) => m[1]);
      expect(imports, file).toEqual(['zod/mini']);
    }
  });
});
