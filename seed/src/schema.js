// Schemas of the organiser's seed file. They mirror functions/src/domain/schemas.ts (event, ticket
// types, products, countries) but live here because the domain module is TypeScript and this CLI runs
// on plain Node without a build step; seed/test/schema-parity.test.ts checks that both accept and
// refuse the same data, so they cannot drift apart silently. The NIP rules are the domain's own
// module (plain JavaScript for this reason).
import { z } from 'zod';
import { isValidNip, normalizeNip } from '../../functions/src/domain/nip.js';

export { isValidNip };

export const LIMITS = {
  title: 120,
  description: 2000,
  street: 120,
  city: 60,
  label: 40,
  maxPriceGrosze: 1_000_000_000,
  maxQuota: 1_000_000,
  legalText: 50_000,
};
export const VAT_RATES = [23, 8, 5, 0];

const KEY = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A map whose keys become RTDB keys. The key pattern is checked by `keyProblems` beside the schema,
 * not by z.record's key schema: zod skips the value of a refused key, and one run should report a
 * bad key and everything wrong inside it.
 * @template {import('zod').ZodType} V
 * @param {V} value @param {string} required
 */
const keyedRecord = (value, required) => z.record(z.string(), value, { error: required });

/** Polish account number (NRB, 26 digits) as stored: no "PL", no spaces. @param {string} input */
export function normalizeBankAccount(input) {
  return input.replace(/[\s\u00a0]/g, '').replace(/^PL/i, '');
}

/** IBAN mod-97 check of a Polish account number. @param {string} input */
export function isValidBankAccount(input) {
  const digits = normalizeBankAccount(input);
  if (!/^\d{26}$/.test(digits)) return false;
  let rest = 0;
  for (const ch of `${digits.slice(2)}2521${digits.slice(0, 2)}`) rest = (rest * 10 + Number(ch)) % 97;
  return rest === 1;
}

/** @param {string} required @param {number} max */
const text = (required, max) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Najwyżej ${max} znaków`);
/** @param {number} max */
const optionalText = (max) => z.string({ error: 'Oczekiwano tekstu' }).trim().max(max, `Najwyżej ${max} znaków`);
const isoDate = z
  .string({ error: 'Podaj datę (RRRR-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Nieprawidłowa data (RRRR-MM-DD)');
const int = (/** @type {string} */ message, /** @type {number} */ min, /** @type {number} */ max) =>
  z.int({ error: message }).min(min, `Co najmniej ${min}`).max(max, `Najwyżej ${max}`);
const sortOrder = int('Podaj kolejność (liczba całkowita)', 0, 10_000);
const price = int('Podaj cenę w groszach (liczba całkowita)', 0, LIMITS.maxPriceGrosze);
const vatRate = z.union(
  VAT_RATES.map((rate) => z.literal(rate)),
  { error: `Stawka VAT musi być jedną z: ${VAT_RATES.join(', ')}` },
);

/**
 * A moment as written by organisers: ISO date-time with a zone ("2027-07-18T12:00:00+02:00") or
 * milliseconds since epoch; stored as milliseconds.
 */
const moment = z
  .union([z.int().min(0), z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})$/)], {
    error: 'Podaj datę i godzinę ze strefą, np. 2027-07-18T12:00:00+02:00',
  })
  .transform((value, ctx) => {
    const ms = typeof value === 'number' ? value : Date.parse(value);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: 'Nieprawidłowa data i godzina' });
      return z.NEVER;
    }
    return ms;
  });

export const sellerSchema = z.strictObject({
  name: text('Podaj nazwę sprzedawcy', LIMITS.title),
  street: text('Podaj ulicę i numer', LIMITS.street),
  postalCode: z
    .string({ error: 'Podaj kod pocztowy' })
    .trim()
    .regex(/^\d{2}-\d{3}$/, 'Nieprawidłowy kod pocztowy (00-000)'),
  city: text('Podaj miejscowość', LIMITS.city),
  nip: z
    .string({ error: 'Podaj NIP' })
    .refine(isValidNip, 'Nieprawidłowy NIP (10 cyfr, suma kontrolna się nie zgadza)')
    .transform((value) => /** @type {string} */ (normalizeNip(value))),
  bankName: text('Podaj nazwę banku', LIMITS.title),
  bankAccount: z
    .string({ error: 'Podaj numer konta' })
    .refine(isValidBankAccount, 'Nieprawidłowy numer konta (26 cyfr, suma kontrolna IBAN się nie zgadza)')
    .transform(normalizeBankAccount),
});

/**
 * The terms or the privacy policy (functions/src/domain/schemas.ts legalDocumentSchema): the https
 * address of a page that holds it, or its text (paragraphs separated by blank lines) — one of the two.
 */
const legalDocument = z
  .strictObject({
    url: z
      .url('Nieprawidłowy adres strony')
      .max(500, 'Najwyżej 500 znaków')
      .refine((value) => {
        const url = new URL(value);
        return (
          url.protocol === 'https:' ||
          (url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost'))
        );
      }, 'Adres strony musi zaczynać się od https://')
      .optional(),
    text: optionalText(LIMITS.legalText).optional(),
  })
  .refine((doc) => Boolean(doc.url) !== Boolean(doc.text), {
    message: 'Podaj adres strony (url) albo treść dokumentu (text) — jedno z dwóch',
    path: ['url'],
  })
  .transform((doc) => (doc.url ? { url: doc.url } : { text: /** @type {string} */ (doc.text) }));

export const eventSchema = z
  .strictObject({
    name: text('Podaj nazwę wydarzenia', LIMITS.title),
    place: text('Podaj miejsce', LIMITS.title),
    startDate: isoDate,
    endDate: isoDate,
    seller: sellerSchema,
    pickupInfo: optionalText(LIMITS.description).default(''),
    terms: legalDocument.optional(),
    privacy: legalDocument.optional(),
  })
  .refine((event) => event.endDate >= event.startDate, {
    message: 'Data końca przed datą początku',
    path: ['endDate'],
  });

export const ticketTypeSchema = z
  .strictObject({
    name: text('Podaj nazwę biletu', LIMITS.title),
    description: optionalText(LIMITS.description).default(''),
    priceGrosze: price,
    vatRate,
    quota: int('Podaj pulę biletów (liczba całkowita)', 0, LIMITS.maxQuota),
    saleStart: moment.optional(),
    saleEnd: moment.optional(),
    active: z.boolean({ error: 'Podaj true albo false' }),
    sortOrder,
    pickupLabel: text('Podaj etykietę do odbioru', LIMITS.title).optional(),
  })
  .refine((t) => t.saleStart === undefined || t.saleEnd === undefined || t.saleEnd > t.saleStart, {
    message: 'Koniec sprzedaży przed jej początkiem',
    path: ['saleEnd'],
  });

export const variantSchema = z.strictObject({
  label: text('Podaj wariant (np. rozmiar)', LIMITS.label),
  stock: int('Podaj stan magazynu (liczba całkowita)', 0, LIMITS.maxQuota),
  sortOrder,
});

export const productSchema = z.strictObject({
  name: text('Podaj nazwę produktu', LIMITS.title),
  description: optionalText(LIMITS.description).default(''),
  priceGrosze: price,
  vatRate,
  active: z.boolean({ error: 'Podaj true albo false' }),
  sortOrder,
  imageUrl: z.url('Nieprawidłowy adres obrazka').max(500, 'Najwyżej 500 znaków').optional(),
  variants: keyedRecord(variantSchema, 'Podaj warianty').refine(
    (variants) => Object.keys(variants).length > 0,
    'Produkt musi mieć co najmniej jeden wariant',
  ),
});

const idMessage = (/** @type {string} */ what) =>
  `Nieprawidłowy identyfikator ${what} (litery, cyfry, - i _, do 64 znaków)`;
/**
 * Names a plain JavaScript object inherits (`__proto__`, `constructor`, …): as database keys they
 * break the Firebase SDKs' per-path state (docs/data-model.md), so no id may be one of them.
 */
const OBJECT_INTERNALS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
const INTERNAL_MESSAGE = 'Identyfikator nie może być nazwą wbudowaną JavaScriptu (np. constructor, __proto__)';
/** Participant ids are minted like push ids: a digit or a dash in them rules out every such name. */
const MEMBER_KEY = /^[A-Za-z0-9_]*[-0-9][A-Za-z0-9_-]*$/;

export const seedFileSchema = z.strictObject({
  event: eventSchema,
  countries: keyedRecord(text('Podaj nazwę kraju', LIMITS.title), 'Podaj listę krajów').refine(
    (countries) => 'PL' in countries,
    'Lista krajów musi zawierać Polskę (PL)',
  ),
  ticketTypes: keyedRecord(ticketTypeSchema, 'Podaj rodzaje biletów'),
  products: keyedRecord(productSchema, 'Podaj produkty').default({}),
});

const isMap = (/** @type {unknown} */ value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The keys of the seed file that become database keys, checked against their patterns.
 * @param {unknown} json
 * @returns {{ path: (string | number)[], message: string }[]}
 */
export function keyProblems(json) {
  /** @type {{ path: (string | number)[], message: string }[]} */
  const problems = [];
  if (!isMap(json)) return problems;
  const file = /** @type {Record<string, any>} */ (json);
  /** @param {unknown} map @param {(string | number)[]} at @param {RegExp} pattern @param {string} message */
  const check = (map, at, pattern, message) => {
    if (!isMap(map)) return;
    for (const key of Object.keys(/** @type {object} */ (map))) {
      if (!pattern.test(key)) problems.push({ path: [...at, key], message });
      else if (OBJECT_INTERNALS.has(key)) problems.push({ path: [...at, key], message: INTERNAL_MESSAGE });
    }
  };
  check(file.countries, ['countries'], /^[A-Z]{2}$/, 'Kod kraju to dwie wielkie litery (ISO 3166-1)');
  check(file.ticketTypes, ['ticketTypes'], KEY, idMessage('biletu'));
  check(file.products, ['products'], KEY, idMessage('produktu'));
  if (isMap(file.products)) {
    for (const [id, product] of Object.entries(file.products)) {
      if (isMap(product))
        check(/** @type {any} */ (product).variants, ['products', id, 'variants'], KEY, idMessage('wariantu'));
    }
  }
  return problems;
}

export const demoAccountsSchema = z.strictObject({
  note: z.string().optional(),
  accounts: z.array(
    z.strictObject({
      role: z.string(),
      uid: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
      email: z.email(),
      password: z.string().min(6),
      claims: z.strictObject({ admin: z.literal(true).optional(), staff: z.literal(true).optional() }),
      profile: z.strictObject({
        firstName: text('Podaj imię', 60),
        lastName: text('Podaj nazwisko', 60),
        phone: z.string().regex(/^\+?[0-9][0-9 ()-]{5,18}[0-9]$/),
        country: z.string().regex(/^[A-Z]{2}$/),
        invoice: z.record(z.string(), z.string()).optional(),
      }),
      pickupCode: z.string().regex(/^[A-HJ-NP-Z2-9]{8}$/),
      members: z.record(
        z.string().max(64).regex(MEMBER_KEY, 'Identyfikator uczestnika musi zawierać cyfrę lub „-” (np. demo-syn)'),
        z.strictObject({
          firstName: text('Podaj imię', 60),
          lastName: text('Podaj nazwisko', 60),
          birthYear: z.int().min(1900).max(2100).optional(),
          relation: z.enum(['partner', 'child', 'parent', 'family', 'friend', 'crew', 'other']).optional(),
        }),
      ),
    }),
  ),
});
