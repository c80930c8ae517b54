/**
 * Every shape stored in the Realtime Database, as zod schemas. docs/data-model.md describes the same
 * paths; the security rules (database.rules.json) mirror the client-writable ones.
 * Stored objects are strict: an unknown key is an error, so a typo can never be persisted.
 *
 * Written with `zod/mini` (functions instead of methods): the web parses every record it reads with
 * these schemas, and the mini API lets the bundler keep only the parts they use, where classic zod
 * brings all of itself. Classic and mini schemas share zod's core, so the callables' classic schemas
 * compose them (`z.optional(keySchema)`, `z.strictObject({ id: keySchema })`); schemas.test.ts checks it.
 */
import { z } from 'zod/mini';
import { isValidNip, isValidPostalCode, normalizeNip } from './identifiers.js';
import { VAT_RATES } from './vat.js';
import { ORDER_STATUSES } from './orderState.js';
import { bankTransferSchema } from './bank/transfer.js';

// ---------------------------------------------------------------- primitives

export const LIMITS = {
  name: 60,
  title: 120,
  description: 2000,
  street: 120,
  city: 60,
  email: 254,
  phone: 20,
  label: 40,
  maxQuantity: 20,
  maxBasketLines: 50,
  maxMembers: 30,
  maxPriceGrosze: 10_000_000_00,
  maxQuota: 1_000_000,
  maxPaymentDays: 60,
  /** Terms of sale, privacy policy: a real document runs to a few pages. */
  legalText: 50_000,
} as const;

/** Caps that apply when the admin has not set one on the ticket type / product (see docs/data-model.md). */
export const DEFAULT_MAX_TICKETS_PER_ACCOUNT = LIMITS.maxMembers;
export const DEFAULT_MAX_UNITS_PER_ACCOUNT = LIMITS.maxQuantity;
/** Days a participant has to pay by transfer when the event settings do not say otherwise. */
export const DEFAULT_PAYMENT_DAYS = 7;

/**
 * The Firebase SDKs keep per-path state in plain objects, so a path segment that names an inherited
 * member of a plain object (`__proto__`, `hasOwnProperty`, `constructor`, …) breaks them for every
 * later caller in the process. These names are computed from the runtime, not listed by hand.
 */
const OBJECT_INTERNALS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
export function isObjectInternalName(key: string): boolean {
  return OBJECT_INTERNALS.has(key);
}
const notInternal = (message: string) => [(key: string) => !isObjectInternalName(key), message] as const;

/**
 * Keys the organiser chooses (ticket types, products, variants: `karnet-3-dniowy`, `M`) and ids we
 * read back from the database: push ids and short slugs, never . # $ / [ ] nor an object internal.
 */
export const keySchema = z
  .string({ error: 'Brak identyfikatora' })
  .check(
    z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Nieprawidłowy identyfikator'),
    z.refine(...notInternal('Nieprawidłowy identyfikator')),
  );
/**
 * Keys a participant's client mints (participants, basket lines): push ids, which always carry a `-`
 * or a digit, so by their format they can never name an object internal. `self` is the fixed id of
 * the account holder's own participant (created by the server).
 */
const CLIENT_KEY_PATTERN = /^(self|[A-Za-z0-9_]*[-0-9][A-Za-z0-9_-]*)$/;
export const clientKeySchema = z
  .string({ error: 'Brak identyfikatora' })
  .check(z.maxLength(64, 'Nieprawidłowy identyfikator'), z.regex(CLIENT_KEY_PATTERN, 'Nieprawidłowy identyfikator'));
export const uidSchema = z
  .string({ error: 'Brak identyfikatora użytkownika' })
  .check(
    z.regex(/^[A-Za-z0-9_-]{1,128}$/, 'Nieprawidłowy identyfikator użytkownika'),
    z.refine(...notInternal('Nieprawidłowy identyfikator użytkownika')),
  );
/** A whole number ≥ 0 (counts, sort orders, timestamps). */
const nonNegativeInt = () => z.int().check(z.gte(0));
export const timestampSchema = nonNegativeInt();
const gr = (message = 'Nieprawidłowa kwota') =>
  z.int({ error: message }).check(z.gte(0, message), z.lte(LIMITS.maxPriceGrosze, 'Kwota jest za duża'));
export const vatRateSchema = z.union(
  VAT_RATES.map((r) => z.literal(r)),
  { error: 'Nieprawidłowa stawka VAT' },
);
export const countryCodeSchema = z.string({ error: 'Wybierz kraj' }).check(z.regex(/^[A-Z]{2}$/, 'Wybierz kraj'));
export const isoDateSchema = z
  .string({ error: 'Podaj datę' })
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Nieprawidłowa data (RRRR-MM-DD)'));
/**
 * https, or plain http on the local emulator hosts. zod runs a refinement even after `.url()` has
 * refused the value, so this must answer for any string: an unparsable one is simply not allowed.
 */
function isHttpsOrLocalHttp(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' ||
    (url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost'))
  );
}
/**
 * Product images: https only (an admin's `javascript:` or `data:` URL must never reach an <img> or a
 * link), plus plain http on the local emulator hosts for development.
 */
export const imageUrlSchema = z
  .url('Nieprawidłowy adres obrazka')
  .check(
    z.maxLength(500, 'Adres obrazka jest za długi'),
    z.refine(isHttpsOrLocalHttp, 'Adres obrazka musi zaczynać się od https://'),
  );

/**
 * Characters no stored text may hold: C0/C1 controls and DEL (a `\n` in a buyer name would print as
 * an extra invoice line), line/paragraph separators, bidi embeddings, overrides and isolates (they
 * reorder what is printed), and unpaired UTF-16 surrogates. Multi-line texts (descriptions) keep
 * line breaks and tabs. database.rules.json refuses the same characters.
 */
/* eslint-disable no-control-regex -- matching control characters is the point */
const UNSAFE_TEXT_SINGLE_LINE =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_TEXT_MULTI_LINE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/* eslint-enable no-control-regex */
export const UNSAFE_TEXT_MESSAGE = 'Tekst zawiera niedozwolone znaki (np. znaki sterujące lub podział wiersza)';
export function hasUnsafeText(value: string, multiline = false): boolean {
  return (multiline ? UNSAFE_TEXT_MULTI_LINE : UNSAFE_TEXT_SINGLE_LINE).test(value);
}
const UNSAFE_TEXT_EVERYWHERE = new RegExp(UNSAFE_TEXT_SINGLE_LINE.source, 'g');
/** `value` with every character hasUnsafeText finds (single-line) replaced, for text read from files. */
export function replaceUnsafeText(value: string, replacement: string): string {
  return value.replace(UNSAFE_TEXT_EVERYWHERE, replacement);
}
const safe = (multiline: boolean) => [(v: string) => !hasUnsafeText(v, multiline), UNSAFE_TEXT_MESSAGE] as const;

const text = (required: string, max: number, tooLong = `Najwyżej ${max} znaków`) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong), z.refine(...safe(false)));
const optionalText = (max: number, { multiline = false } = {}) =>
  z
    .string({ error: 'Nieprawidłowy tekst' })
    .check(z.trim(), z.maxLength(max, `Najwyżej ${max} znaków`), z.refine(...safe(multiline)));

export const firstNameSchema = text('Podaj imię', LIMITS.name);
export const lastNameSchema = text('Podaj nazwisko', LIMITS.name);
export const emailSchema = z.pipe(
  z
    .string({ error: 'Podaj adres e-mail' })
    .check(z.trim(), z.toLowerCase(), z.maxLength(LIMITS.email, 'Adres e-mail jest za długi')),
  z.email('Nieprawidłowy adres e-mail'),
);
export const phoneSchema = z
  .string({ error: 'Podaj numer telefonu' })
  .check(z.trim(), z.regex(/^\+?[0-9][0-9 ()-]{5,18}[0-9]$/, 'Nieprawidłowy numer telefonu'));
const nipSchema = z.pipe(
  z.string({ error: 'Podaj NIP' }).check(
    z.trim(),
    z.refine((v) => isValidNip(v), 'Nieprawidłowy NIP'),
  ),
  z.transform((v) => normalizeNip(v) as string),
);
const postalCodeSchema = z
  .string({ error: 'Podaj kod pocztowy' })
  .check(z.trim(), z.minLength(1, 'Podaj kod pocztowy'), z.maxLength(12, 'Nieprawidłowy kod pocztowy'));
/** Polish IBAN without the PL prefix: 26 digits, mod-97 checksum. */
export const bankAccountSchema = z
  .pipe(
    z.string({ error: 'Podaj numer konta' }),
    z.transform((v) => v.replace(/[\s\u00a0]/g, '').replace(/^PL/i, '')),
  )
  .check(
    z.refine(
      (v) => /^\d{26}$/.test(v) && ibanMod97(`${v.slice(2)}2521${v.slice(0, 2)}`) === 1,
      'Nieprawidłowy numer konta',
    ),
  );
/** 8 characters from an alphabet without look-alikes (0/O, 1/I); printed as a QR code and as text. */
export const PICKUP_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const pickupCodeSchema = z
  .string({ error: 'Podaj kod odbioru' })
  .check(z.trim(), z.toUpperCase(), z.regex(/^[A-HJ-NP-Z2-9]{8}$/, 'Nieprawidłowy kod odbioru'));
/** A UUID (with or without dashes, lower-case hex) drawn by the client per order attempt: by format never an object internal. */
export const IDEMPOTENCY_KEY_PATTERN = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/;
export const idempotencyKeySchema = z
  .string({ error: 'Brak klucza żądania' })
  .check(z.regex(IDEMPOTENCY_KEY_PATTERN, 'Nieprawidłowy klucz żądania'));
/**
 * A discount code, also its database key (`/discountCodes/{code}`): case-insensitive, so it is
 * normalised to upper case; only A–Z, digits and `-`, so by format never an object internal.
 */
const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,31}$/;
export const discountCodeSchema = z
  .string({ error: 'Wpisz kod rabatowy' })
  .check(
    z.trim(),
    z.toUpperCase(),
    z.regex(DISCOUNT_CODE_PATTERN, 'Kod rabatowy to 3–32 znaki: litery A–Z, cyfry i „-”'),
  );

function ibanMod97(digitsThenCountry: string): number {
  let rest = 0;
  for (const ch of digitsThenCountry) rest = (rest * 10 + Number(ch)) % 97;
  return rest;
}

// ---------------------------------------------------------------- event, catalogue

export const sellerSchema = z.strictObject({
  name: text('Podaj nazwę sprzedawcy', LIMITS.title),
  street: text('Podaj ulicę i numer', LIMITS.street),
  postalCode: postalCodeSchema.check(z.regex(/^\d{2}-\d{3}$/, 'Nieprawidłowy kod pocztowy (00-000)')),
  city: text('Podaj miejscowość', LIMITS.city),
  nip: nipSchema,
  bankName: text('Podaj nazwę banku', LIMITS.title),
  bankAccount: bankAccountSchema,
});
export type Seller = z.output<typeof sellerSchema>;

/**
 * `zod/mini` has no `preprocess`; classic zod's is this very pipe (a transform, then the schema),
 * typed as its `$ZodPreprocess`: optional when the schema is.
 */
function preprocess<S extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: S) {
  const pipe = z.pipe(z.transform(fn), schema as z.core.$ZodType<unknown, unknown>);
  return pipe as unknown as z.core.$ZodPreprocess<S>;
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A page with the document: https only (as for images), plain http only on the local emulator hosts. */
export const documentUrlSchema = z
  .url('Nieprawidłowy adres strony')
  .check(
    z.maxLength(500, 'Adres strony jest za długi'),
    z.refine(isHttpsOrLocalHttp, 'Adres strony musi zaczynać się od https://'),
  );

/**
 * The terms of sale or the privacy policy that the consent checkboxes link to: the address of a
 * page that holds it, or the text itself (shown in a window; paragraphs separated by blank lines).
 * Exactly one of the two; stored as `{url}` or `{text}`.
 */
export const legalDocumentSchema = z.pipe(
  z
    .strictObject({
      // A form sends both fields; the one left empty is simply not given.
      url: preprocess(blankToUndefined, z.optional(documentUrlSchema)),
      text: preprocess(blankToUndefined, z.optional(optionalText(LIMITS.legalText, { multiline: true }))),
    })
    .check(
      z.refine((doc) => Boolean(doc.url) !== Boolean(doc.text), {
        message: 'Podaj adres strony albo treść dokumentu — jedno z dwóch',
        path: ['url'],
      }),
    ),
  z.transform((doc): { url: string } | { text: string } => (doc.url ? { url: doc.url } : { text: doc.text! })),
);
export type LegalDocument = z.output<typeof legalDocumentSchema>;
export type LegalDocumentKind = 'terms' | 'privacy';

export const eventFieldsSchema = z.strictObject({
  name: text('Podaj nazwę wydarzenia', LIMITS.title),
  place: text('Podaj miejsce', LIMITS.title),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  seller: sellerSchema,
  pickupInfo: optionalText(LIMITS.description, { multiline: true }),
  /**
   * Days after the day of placing an order by whose end (Warsaw time) the transfer must arrive;
   * unpaid orders expire after it. Absent = DEFAULT_PAYMENT_DAYS. An emptied form field arrives as
   * null (the callable SDK sends `undefined` as null) and means the same: no term of the event's own.
   */
  paymentDays: preprocess(
    (value) => (value === null ? undefined : value),
    z.optional(
      z
        .int({ error: 'Podaj termin płatności jako liczbę całych dni' })
        .check(
          z.gte(1, `Termin płatności: co najmniej 1 dzień (puste pole = ${DEFAULT_PAYMENT_DAYS} dni)`),
          z.lte(LIMITS.maxPaymentDays, `Termin płatności: najwyżej ${LIMITS.maxPaymentDays} dni`),
        ),
    ),
  ),
  /** Regulamin: what the registration and checkout consents accept. Readable before sign-in. */
  terms: z.optional(legalDocumentSchema),
  /** Polityka prywatności (RODO): what the registration consent refers to. Readable before sign-in. */
  privacy: z.optional(legalDocumentSchema),
  /** Send consumers' invoices to KSeF too (optional for them; docs/ksef.md). Absent = no. */
  ksefConsumerInvoices: z.optional(z.boolean({ error: 'Nieprawidłowa wartość' })),
  updatedAt: z.optional(timestampSchema),
});
export const eventDatesInOrder: [
  (e: { startDate: string; endDate: string }) => boolean,
  { message: string; path: string[] },
] = [(e) => e.endDate >= e.startDate, { message: 'Data końca przed datą początku', path: ['endDate'] }];
export const eventSchema = eventFieldsSchema.check(z.refine(...eventDatesInOrder));
export type EventSettings = z.output<typeof eventSchema>;

const sortOrderSchema = () => z.int().check(z.gte(0), z.lte(10_000));
const ticketTypeFields = {
  name: text('Podaj nazwę biletu', LIMITS.title),
  description: optionalText(LIMITS.description, { multiline: true }),
  priceGrosze: gr('Podaj cenę'),
  vatRate: vatRateSchema,
  quota: z
    .int({ error: 'Podaj pulę biletów' })
    .check(z.gte(0, 'Pula nie może być ujemna'), z.lte(LIMITS.maxQuota, 'Pula jest za duża')),
  /** ms since epoch; null or absent = no limit (RTDB stores null as an absent key) */
  saleStart: z.nullish(timestampSchema),
  saleEnd: z.nullish(timestampSchema),
  active: z.boolean({ error: 'Nieprawidłowa wartość' }),
  sortOrder: sortOrderSchema(),
  /** If set, a paid ticket becomes a pickup item with this label (e.g. "Opaska na wydarzenie"). */
  pickupLabel: z.optional(optionalText(LIMITS.title)),
  /** Per-account cap of tickets of this type across pending and paid orders; absent = DEFAULT_MAX_TICKETS_PER_ACCOUNT. */
  maxPerAccount: z.optional(
    z
      .int({ error: 'Podaj limit na konto' })
      .check(
        z.gte(1, 'Limit na konto musi wynosić co najmniej 1'),
        z.lte(LIMITS.maxMembers, `Limit na konto: najwyżej ${LIMITS.maxMembers}`),
      ),
  ),
};
export const saleWindowInOrder: [
  (t: { saleStart?: number | null; saleEnd?: number | null }) => boolean,
  { message: string; path: string[] },
] = [
  (t) => t.saleStart == null || t.saleEnd == null || t.saleEnd > t.saleStart,
  { message: 'Koniec sprzedaży przed jej początkiem', path: ['saleEnd'] },
];
export const ticketTypeInputSchema = z.strictObject(ticketTypeFields).check(z.refine(...saleWindowInOrder));
/** Units held by standing waiting-list offers, by entry: `{entryId: expiresAt}` (domain/waitingList.ts). */
const heldOffers = z.optional(z.record(keySchema, timestampSchema));
export const ticketTypeSchema = z
  .strictObject({
    ...ticketTypeFields,
    sold: nonNegativeInt(),
    offers: heldOffers,
    updatedAt: z.optional(timestampSchema),
  })
  .check(z.refine(...saleWindowInOrder));
export type TicketType = z.output<typeof ticketTypeSchema>;

/** A ticket type's `offers`: `{entryId: expiresAt}` of the standing waiting-list offers. */
export type HeldOffers = Record<string, number> | null | undefined;

/** Units of a type that standing waiting-list offers hold, leaving out the offers this order takes (`own`). */
export function heldUnits(type: { offers?: HeldOffers }, own: readonly string[] = []): number {
  return Object.keys(type.offers ?? {}).filter((id) => !own.includes(id)).length;
}

/** Units anybody may buy now: the quota less what orders reserve and offers hold. */
export function freeUnits(type: { quota: number; sold: number; offers?: HeldOffers }): number {
  return Math.max(0, type.quota - type.sold - heldUnits(type));
}

export const variantSchema = z.strictObject({
  label: text('Podaj wariant (np. rozmiar)', LIMITS.label),
  stock: z.int({ error: 'Podaj stan magazynu' }).check(z.gte(0, 'Stan nie może być ujemny'), z.lte(LIMITS.maxQuota)),
  sold: nonNegativeInt(),
  sortOrder: sortOrderSchema(),
});
export type Variant = z.output<typeof variantSchema>;

const productFields = {
  name: text('Podaj nazwę produktu', LIMITS.title),
  description: optionalText(LIMITS.description, { multiline: true }),
  priceGrosze: gr('Podaj cenę'),
  vatRate: vatRateSchema,
  active: z.boolean(),
  sortOrder: sortOrderSchema(),
  /** Per-account cap of units of each variant across pending and paid orders; absent = DEFAULT_MAX_UNITS_PER_ACCOUNT. */
  maxPerAccount: z.optional(
    z
      .int({ error: 'Podaj limit na konto' })
      .check(
        z.gte(1, 'Limit na konto musi wynosić co najmniej 1'),
        z.lte(LIMITS.maxQuota, 'Limit na konto jest za duży'),
      ),
  ),
  imageUrl: z.optional(imageUrlSchema),
};
export const productSchema = z.strictObject({
  ...productFields,
  variants: z.record(keySchema, variantSchema),
  updatedAt: z.optional(timestampSchema),
});
export type Product = z.output<typeof productSchema>;

export const archivedProductSchema = z.extend(productSchema, { archivedAt: timestampSchema, archivedBy: uidSchema });
export const archivedTicketTypeSchema = z.strictObject({
  ...ticketTypeFields,
  sold: nonNegativeInt(),
  offers: heldOffers,
  updatedAt: z.optional(timestampSchema),
  archivedAt: timestampSchema,
  archivedBy: uidSchema,
});

export const countryNameSchema = text('Podaj nazwę kraju', LIMITS.title);

// ---------------------------------------------------------------- people

const invoiceAddress = {
  name: text('Podaj imię i nazwisko lub nazwę firmy', LIMITS.title),
  street: text('Podaj ulicę i numer', LIMITS.street),
  postalCode: postalCodeSchema,
  city: text('Podaj miejscowość', LIMITS.city),
  country: countryCodeSchema,
};
const postalByCountry = (d: { postalCode: string; country: string }) => isValidPostalCode(d.postalCode, d.country);

/** Buyer data for invoices: a private person, or a company with a NIP (checked by checksum). */
export const invoiceDataSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('person'), ...invoiceAddress }),
      z.strictObject({ kind: z.literal('company'), ...invoiceAddress, nip: nipSchema }),
    ],
    { error: 'Wybierz: osoba prywatna lub firma' },
  )
  .check(z.refine(postalByCountry, { message: 'Nieprawidłowy kod pocztowy (00-000)', path: ['postalCode'] }));
export type InvoiceData = z.output<typeof invoiceDataSchema>;

export const consentsSchema = z.strictObject({
  terms: z.literal(true, { error: 'Zaakceptuj regulamin' }),
  privacy: z.literal(true, { error: 'Wyraź zgodę na przetwarzanie danych osobowych' }),
  marketing: z.boolean({ error: 'Nieprawidłowa wartość' }),
});

export const profileSchema = z.strictObject({
  email: emailSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneSchema,
  country: countryCodeSchema,
  consents: z.extend(consentsSchema, { acceptedAt: timestampSchema }),
  invoice: z.optional(invoiceDataSchema),
  pickupCode: pickupCodeSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Profile = z.output<typeof profileSchema>;

/** What the owner may edit in their profile directly (the rules validate the same fields). */
export const profileEditSchema = z.extend(
  z.pick(profileSchema, { firstName: true, lastName: true, phone: true, country: true }),
  { invoice: z.optional(invoiceDataSchema) },
);

export const MEMBER_RELATIONS = ['self', 'partner', 'child', 'parent', 'family', 'friend', 'crew', 'other'] as const;
export const MEMBER_RELATION_LABELS: Record<(typeof MEMBER_RELATIONS)[number], string> = {
  self: 'ja',
  partner: 'partner / partnerka',
  child: 'dziecko',
  parent: 'rodzic',
  family: 'rodzina',
  friend: 'znajomy / znajoma',
  crew: 'załoga',
  other: 'inna osoba',
};
export const MEMBER_RELATION_MESSAGE = 'Wybierz, kim jest uczestnik';
export const memberInputSchema = z.strictObject({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  birthYear: z.optional(
    z
      .int({ error: 'Podaj rok urodzenia' })
      .check(z.gte(1900, 'Nieprawidłowy rok urodzenia'), z.lte(2100, 'Nieprawidłowy rok urodzenia')),
  ),
  relation: z.optional(z.enum(MEMBER_RELATIONS, { error: MEMBER_RELATION_MESSAGE })),
});
export const memberSchema = z.extend(memberInputSchema, { createdAt: timestampSchema });
export type Member = z.output<typeof memberSchema>;
/** `/members/{uid}`: the account's participants by id. */
export const accountMembersSchema = z.record(clientKeySchema, memberSchema);

/** One line of `/baskets/{uid}/merch`. */
export const merchBasketLineSchema = z.strictObject({
  productId: keySchema,
  variantId: keySchema,
  quantity: z
    .int({ error: 'Podaj liczbę sztuk' })
    .check(z.gte(1, 'Co najmniej 1 sztuka'), z.lte(LIMITS.maxQuantity, `Najwyżej ${LIMITS.maxQuantity} sztuk`)),
  memberId: z.optional(clientKeySchema),
});
export const basketSchema = z.strictObject({
  tickets: z.optional(z.record(clientKeySchema, z.strictObject({ ticketTypeId: keySchema }))),
  merch: z.optional(
    z
      .record(clientKeySchema, merchBasketLineSchema)
      .check(
        z.refine(
          (lines) => Object.keys(lines).length <= LIMITS.maxBasketLines,
          `Koszyk może mieć najwyżej ${LIMITS.maxBasketLines} pozycji`,
        ),
      ),
  ),
  updatedAt: timestampSchema,
});
export type Basket = z.output<typeof basketSchema>;

// ---------------------------------------------------------------- orders, invoices, pickups

const lineAmounts = {
  name: z.string().check(z.maxLength(LIMITS.title * 2)),
  unitGross: gr(),
  quantity: z.int().check(z.gte(1), z.lte(LIMITS.maxQuantity)),
  vatRate: vatRateSchema,
  /** The catalogue price before a discount code (`unitGross` is what is paid); absent = no discount. */
  listUnitGross: z.optional(gr()),
};
const orderLineSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('ticket'),
    ...lineAmounts,
    ticketTypeId: keySchema,
    memberId: keySchema,
    memberName: z.string().check(z.maxLength(LIMITS.name * 2 + 1)),
  }),
  z.strictObject({
    type: z.literal('merch'),
    ...lineAmounts,
    productId: keySchema,
    variantId: keySchema,
    variantLabel: z.string().check(z.maxLength(LIMITS.label)),
    memberId: z.optional(keySchema),
    memberName: z.optional(z.string().check(z.maxLength(LIMITS.name * 2 + 1))),
  }),
]);
export type OrderLine = z.output<typeof orderLineSchema>;

/** Totals per VAT rate are keyed "r23", "r8", "r5", "r0" (numeric keys would turn into arrays in RTDB). */
export const rateKey = (rate: number) => `r${rate}`;
const rateTotalSchema = z.strictObject({ vatRate: vatRateSchema, net: z.int(), vat: z.int(), gross: z.int() });
const totalsSchema = z.strictObject({
  net: z.int(),
  vat: z.int(),
  gross: z.int(),
  perRate: z.record(z.string().check(z.regex(/^r\d+$/)), rateTotalSchema),
});
export type Totals = z.output<typeof totalsSchema>;

/** The discount code an order was placed with: the code, the units it discounted, the gross it took off. */
const orderDiscountSchema = z.strictObject({
  code: discountCodeSchema,
  units: z.int().check(z.gte(1)),
  gross: gr(),
});
export type OrderDiscount = z.output<typeof orderDiscountSchema>;

const buyerSnapshotSchema = z.strictObject({ email: emailSchema, invoice: invoiceDataSchema });

export const orderSchema = z.strictObject({
  uid: uidSchema,
  number: z.string().check(z.regex(/^ZAM\/\d{4}\/\d{6,}$/)),
  kind: z.enum(['tickets', 'merch']),
  status: z.enum(ORDER_STATUSES),
  lines: z.record(keySchema, orderLineSchema),
  totals: totalsSchema,
  buyer: buyerSnapshotSchema,
  idempotencyKey: idempotencyKeySchema,
  createdAt: timestampSchema,
  paidAt: z.optional(timestampSchema),
  paidBy: z.optional(uidSchema),
  /** When the transfer must be booked by; after it the order expires (docs/data-model.md, "Payment deadline"). */
  payBy: z.optional(timestampSchema),
  cancelledAt: z.optional(timestampSchema),
  cancelledBy: z.optional(uidSchema),
  /** Set when the system cancelled the order: `expired` = no payment by `payBy`. */
  cancelReason: z.optional(z.enum(['expired'])),
  /** An expired order whose late transfer an admin booked: its reservations were taken again. */
  reinstatedAt: z.optional(timestampSchema),
  reinstatedBy: z.optional(uidSchema),
  invoiceId: z.optional(keySchema),
  invoiceNumber: z.optional(z.string()),
  /** Set while confirmPayment works on the order; see "Multi-step operations" in docs/data-model.md. */
  lock: z.optional(
    z.strictObject({
      op: z.literal('confirm'),
      by: uidSchema,
      at: timestampSchema,
      token: z.string(),
      year: z.optional(z.int()),
    }),
  ),
  /** Cancellation returned the reserved quota/stock. */
  released: z.optional(z.boolean()),
  /** Set while one call returns a cancelled order's reservations, so a second call does not return them again. */
  releasing: z.optional(z.strictObject({ token: z.string(), at: timestampSchema })),
  /** The bank transfer that paid it, when booked from a statement (payer data: /bank/transactions). */
  bankTransfer: z.optional(bankTransferSchema),
  /** Placed with a discount code (docs/discounts.md); its use is given back when the order is cancelled. */
  discount: z.optional(orderDiscountSchema),
});
export type Order = z.output<typeof orderSchema>;

export const ticketRecordSchema = z.strictObject({ orderId: keySchema, status: z.enum(['pending', 'paid']) });
/** `/tickets/{uid}`: the account's ticket claims by participant and ticket type. */
export const accountTicketsSchema = z.record(keySchema, z.record(keySchema, ticketRecordSchema));

const invoiceLineSchema = z.strictObject({
  name: z.string(),
  unit: z.literal('szt.'),
  quantity: z.int().check(z.gte(1)),
  unitNet: z.int(),
  unitGross: z.int(),
  vatRate: vatRateSchema,
  net: z.int(),
  vat: z.int(),
  gross: z.int(),
});
/**
 * How the invoice says the order was paid, as printed on it: a bank transfer to the seller's account,
 * or the method the online payment provider reports (domain/payments invoicePaymentMethodOf). Each maps
 * to FA(3) `FormaPlatnosci` in ksef/fa3.ts; „płatność online” (a provider method we do not know) is
 * written as `PlatnoscInna`.
 */
const INVOICE_PAYMENT_METHODS = [
  'przelew',
  'szybki przelew online',
  'BLIK',
  'karta płatnicza',
  'płatność online',
] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];

export const invoiceSchema = z.strictObject({
  number: z.string().check(z.regex(/^FV\/\d{4}\/\d{6,}$/)),
  uid: uidSchema,
  orderId: keySchema,
  orderNumber: z.string(),
  issueDate: isoDateSchema,
  saleDate: isoDateSchema,
  issuePlace: z.string(),
  issuedAt: timestampSchema,
  issuedBy: uidSchema,
  seller: sellerSchema,
  buyer: invoiceDataSchema,
  lines: z.record(keySchema, invoiceLineSchema),
  totals: totalsSchema,
  amountInWords: z.string(),
  paymentMethod: z.enum(INVOICE_PAYMENT_METHODS),
  paid: z.int(),
  /** The day the money arrived (FA(3) `DataZaplaty`): the bank booking date, else the confirmation day. Absent on invoices issued before it was kept: their issue date. */
  paidOn: z.optional(isoDateSchema),
  vatMethod: z.string(),
});
export type Invoice = z.output<typeof invoiceSchema>;

export const PICKUP_STATUS_LABELS = { waiting: 'do odbioru', picked: 'odebrane' } as const;
/**
 * Ids a pickup station device mints (hand-out ids, device ids: functions/src/domain/pickupSync.ts)
 * are random UUIDs, lower-case hex in 8-4-4-4-12 groups: as keys they never name an object internal.
 */
export const OFFLINE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const pickupItemSchema = z.strictObject({
  orderId: keySchema,
  label: z.string(),
  quantity: z.int().check(z.gte(1)),
  productId: z.optional(keySchema),
  variantId: z.optional(keySchema),
  ticketTypeId: z.optional(keySchema),
  memberId: z.optional(keySchema),
  memberName: z.optional(z.string()),
  status: z.enum(['waiting', 'picked']),
  createdAt: timestampSchema,
  pickedAt: z.optional(timestampSchema),
  pickedBy: z.optional(uidSchema),
  pickedByName: z.optional(z.string()),
  /** The station device, when the hand-out was made offline and synced later. */
  pickedDevice: z.optional(z.string().check(z.regex(OFFLINE_ID_PATTERN))),
});
export type PickupItem = z.output<typeof pickupItemSchema>;

export const pickupDirectoryEntrySchema = z.strictObject({
  pickupCode: pickupCodeSchema,
  name: z.string(),
  email: emailSchema,
  nameLower: z.string(),
  // nameLower starts with the first name, so a prefix search cannot find a surname on its own.
  lastNameLower: z.string(),
});
type PickupDirectoryEntry = z.output<typeof pickupDirectoryEntrySchema>;

/** The /pickupDirectory entry for a person; every writer builds it here so the search keys agree. */
export function pickupDirectoryEntry(person: {
  firstName: string;
  lastName: string;
  email: string;
  pickupCode: string;
}): PickupDirectoryEntry {
  const name = `${person.firstName} ${person.lastName}`;
  return {
    pickupCode: person.pickupCode,
    name,
    email: person.email,
    nameLower: name.toLowerCase(),
    lastNameLower: person.lastName.toLowerCase(),
  };
}
export const pickupCodeEntrySchema = z.strictObject({ uid: uidSchema });
/** Held by handOutPickupItems while it checks and writes one person's items (see docs/data-model.md). */
export const pickupLockSchema = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(64)),
  by: uidSchema,
  at: timestampSchema,
});
export const rolesSchema = z.strictObject({
  admin: z.boolean(),
  staff: z.boolean(),
  updatedAt: timestampSchema,
  updatedBy: uidSchema,
});

/** `/holdings/{uid}`: what the account holds in pending and paid orders, for the per-account caps. */
export const holdingsSchema = z.strictObject({
  tickets: z.optional(z.record(keySchema, nonNegativeInt())),
  variants: z.optional(z.record(keySchema, z.record(keySchema, nonNegativeInt()))),
});

/** `/counters/invoices/{year}` and `/counters/corrections/{year}`: the gapless series (docs/data-model.md). */
export const gaplessCounterSchema = z.strictObject({
  last: nonNegativeInt(),
  /** orderId → number reserved for it but not yet written to the order; see docs/data-model.md */
  pending: z.optional(z.record(keySchema, z.int().check(z.gte(1)))),
});
export const orderCounterSchema = z.strictObject({ last: nonNegativeInt() });
/** `/maintenance/reconcile`: present only while reconcileReservations runs. */
export const maintenanceFlagSchema = z.strictObject({ by: uidSchema, startedAt: timestampSchema });
export const idempotencyRecordSchema = z.strictObject({
  orderId: keySchema,
  kind: z.enum(['tickets', 'merch']),
  status: z.enum(['processing', 'done']),
  createdAt: timestampSchema,
});

/**
 * `/basketClaims/{uid}/{tickets|merch}`: the placement consuming that basket part (docs/data-model.md,
 * "One basket, one order"); removed by its final update or its compensation.
 */
export const basketClaimSchema = z.strictObject({ orderId: keySchema, at: timestampSchema });
