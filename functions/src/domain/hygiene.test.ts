import { describe, expect, it } from 'vitest';
import { parseWith } from './issues.js';
import {
  clientKeySchema,
  hasUnsafeText,
  idempotencyKeySchema,
  imageUrlSchema,
  invoiceDataSchema,
  isObjectInternalName,
  keySchema,
  memberInputSchema,
  ticketTypeInputSchema,
  uidSchema,
} from './schemas.js';
import { PERSON } from '../../../tests/helpers/buyers.mjs';

const INTERNALS = [
  'hasOwnProperty',
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'prototype',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
];
const person = PERSON;

describe('keys that reach database paths', () => {
  it('no schema for an id accepts the name of a plain object member', () => {
    for (const name of INTERNALS) {
      expect(isObjectInternalName(name), name).toBe(true);
      expect(keySchema.safeParse(name).success, `keySchema ${name}`).toBe(false);
      expect(uidSchema.safeParse(name).success, `uidSchema ${name}`).toBe(false);
      expect(clientKeySchema.safeParse(name).success, `clientKeySchema ${name}`).toBe(false);
      expect(idempotencyKeySchema.safeParse(name).success, `idempotencyKeySchema ${name}`).toBe(false);
    }
  });

  it('keeps the organiser’s slugs and the ids the SDK mints', () => {
    for (const id of ['karnet-3-dniowy', 'M', 'XL', 'standard', 'koszulka-baltyk', '-Nx1aBcDeFgHiJkLmNoP'])
      expect(keySchema.safeParse(id).success, id).toBe(true);
    for (const id of ['-Nx1aBcDeFgHiJkLmNoP', 'self', 'm-kid', 'l1'])
      expect(clientKeySchema.safeParse(id).success, id).toBe(true);
    // A client-minted key must carry a digit or a dash: a bare word could be a future object member.
    for (const id of ['kid', 'selfie', 'line', '', 'a/b', 'x'.repeat(65)])
      expect(clientKeySchema.safeParse(id).success, id).toBe(false);
  });

  it('an idempotency key is a UUID (lower-case hex, dashes optional)', () => {
    expect(idempotencyKeySchema.safeParse('3f2504e0-4f89-41d3-9a0c-0305e82c3301').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('3f2504e04f8941d39a0c0305e82c3301').success).toBe(true);
    for (const bad of [
      'klucz-zamowienia-1',
      '3F2504E04F8941D39A0C0305E82C3301',
      '3f2504e04f8941d39a0c0305e82c330',
      'abcdefgh12',
    ]) {
      expect(parseWith(idempotencyKeySchema, bad)).toMatchObject({
        ok: false,
        error: { message: 'Nieprawidłowy klucz żądania' },
      });
    }
  });
});

describe('text hygiene', () => {
  const unsafe = [
    'Jan\nNIP: 526-000-12-46',
    'a\rb',
    'a\tb',
    'a\u0000b',
    'a\u007fb',
    'a\u0085b',
    'a\u202eb',
    'a\u202ab',
    'a\u2066b',
    'a\u2028b',
    'a\ud83d',
    'a\ud83db',
    '\ude00a',
    'a\ude00',
  ];
  it('refuses control, line-break, bidi-override and unpaired-surrogate characters in single-line texts', () => {
    for (const text of unsafe) {
      expect(hasUnsafeText(text), JSON.stringify(text)).toBe(true);
      const r = parseWith(invoiceDataSchema, { ...person, name: text });
      expect(r.ok ? null : r.error, JSON.stringify(text)).toEqual({
        field: 'name',
        message: 'Tekst zawiera niedozwolone znaki (np. znaki sterujące lub podział wiersza)',
      });
    }
    expect(parseWith(memberInputSchema, { firstName: 'Ola\u202e', lastName: 'Nowak' }).ok).toBe(false);
  });

  it('accepts Polish letters, emoji (surrogate pairs), typographic quotes and HTML as plain text', () => {
    for (const text of ['Zoë-Łucja O’Brien', 'Żagle „Bałtyk” ⛵🌊', '<b>Jan</b> & Syn', 'عربي']) {
      expect(hasUnsafeText(text), text).toBe(false);
      expect(parseWith(invoiceDataSchema, { ...person, name: text }).ok, text).toBe(true);
    }
  });

  it('multi-line texts (descriptions) keep line breaks and tabs but nothing else', () => {
    const type = { name: 'Karnet', priceGrosze: 100, vatRate: 8, quota: 1, active: true, sortOrder: 1 };
    expect(parseWith(ticketTypeInputSchema, { ...type, description: 'Wstęp:\n\t• piątek\n\t• sobota' }).ok).toBe(true);
    expect(parseWith(ticketTypeInputSchema, { ...type, description: 'Wstęp\u202e' }).ok).toBe(false);
    expect(parseWith(ticketTypeInputSchema, { ...type, description: '', name: 'Kar\nnet' }).ok).toBe(false);
  });
});

describe('product image addresses', () => {
  it('only https, or plain http on the local emulator hosts', () => {
    for (const ok of ['https://example.com/a.png', 'http://127.0.0.1:5173/a.png', 'http://localhost/a.png'])
      expect(imageUrlSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://example.com/a.png',
      'ftp://example.com/a.png',
    ]) {
      expect(imageUrlSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
