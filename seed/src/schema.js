// Schemas of the organiser's seed file and of the demo accounts, built from the domain's own schemas
// (functions/src/domain/schemas.ts; bin/domain-hooks.js lets plain Node load them). A seed file holds
// what an administrator could enter in the app, minus what the server keeps (`sold` counters,
// `updatedAt`), plus what makes a hand-written file easier: sale windows as ISO date-times,
// descriptions that may be left out, and every id checked with a message that names its kind.
import { z } from 'zod';
import {
  clientKeySchema,
  countryCodeSchema,
  countryNameSchema,
  emailSchema,
  eventDatesInOrder,
  eventFieldsSchema,
  isObjectInternalName,
  keySchema,
  memberInputSchema,
  pickupCodeSchema,
  productSchema,
  profileEditSchema,
  saleWindowInOrder,
  ticketTypeInputSchema,
  timestampSchema,
  uidSchema,
  variantSchema,
} from '../../functions/src/domain/schemas.js';

/**
 * A map whose keys become RTDB keys. The key pattern is checked by `keyProblems` beside the schema,
 * not by z.record's key schema: zod skips the value of a refused key, and one run should report a
 * bad key and everything wrong inside it.
 * @template {import('zod').core.SomeType} V
 * @param {V} value @param {string} required
 */
const keyedRecord = (value, required) => z.record(z.string(), value, { error: required });

/** A text field a file may leave out: absent means empty, as a blank field of the admin form. */
const emptyByDefault = (/** @type {import('zod').core.SomeType} */ schema) =>
  z.preprocess((value) => (value === undefined ? '' : value), schema);

/**
 * A moment as written by organisers: ISO date-time with a zone ("2027-07-18T12:00:00+02:00") or
 * milliseconds since epoch; stored as milliseconds.
 */
const moment = z
  .union([timestampSchema, z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})$/)], {
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

const { updatedAt: _eventUpdatedAt, ...eventFields } = eventFieldsSchema.shape;
const eventFileSchema = z
  .strictObject({ ...eventFields, pickupInfo: emptyByDefault(eventFields.pickupInfo) })
  .refine(...eventDatesInOrder);

const ticketTypeFields = ticketTypeInputSchema.shape;
const ticketTypeFileSchema = z
  .strictObject({
    ...ticketTypeFields,
    description: emptyByDefault(ticketTypeFields.description),
    saleStart: moment.optional(),
    saleEnd: moment.optional(),
  })
  .refine(...saleWindowInOrder);

const { sold: _variantSold, ...variantFields } = variantSchema.shape;
const { updatedAt: _productUpdatedAt, variants: _variants, ...productFields } = productSchema.shape;
const productFileSchema = z.strictObject({
  ...productFields,
  description: emptyByDefault(productFields.description),
  variants: keyedRecord(z.strictObject(variantFields), 'Podaj warianty').refine(
    (variants) => Object.keys(variants).length > 0,
    'Produkt musi mieć co najmniej jeden wariant',
  ),
});

export const seedFileSchema = z.strictObject({
  event: eventFileSchema,
  countries: keyedRecord(countryNameSchema, 'Podaj listę krajów').refine(
    (countries) => 'PL' in countries,
    'Lista krajów musi zawierać Polskę (PL)',
  ),
  ticketTypes: keyedRecord(ticketTypeFileSchema, 'Podaj rodzaje biletów'),
  products: keyedRecord(productFileSchema, 'Podaj produkty').default({}),
});

const idMessage = (/** @type {string} */ what) =>
  `Nieprawidłowy identyfikator ${what} (litery, cyfry, - i _, do 64 znaków)`;
const INTERNAL_MESSAGE = 'Identyfikator nie może być nazwą wbudowaną JavaScriptu (np. constructor, __proto__)';
const isMap = (/** @type {unknown} */ value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The keys of the seed file that become database keys, checked with the domain's key schemas.
 * @param {unknown} json
 * @returns {{ path: (string | number)[], message: string }[]}
 */
export function keyProblems(json) {
  /** @type {{ path: (string | number)[], message: string }[]} */
  const problems = [];
  if (!isMap(json)) return problems;
  const file = /** @type {Record<string, any>} */ (json);
  /** @param {unknown} map @param {(string | number)[]} at @param {import('zod/mini').ZodMiniType} schema @param {string} message */
  const check = (map, at, schema, message) => {
    if (!isMap(map)) return;
    for (const key of Object.keys(/** @type {object} */ (map))) {
      if (isObjectInternalName(key)) problems.push({ path: [...at, key], message: INTERNAL_MESSAGE });
      else if (!schema.safeParse(key).success) problems.push({ path: [...at, key], message });
    }
  };
  check(file.countries, ['countries'], countryCodeSchema, 'Kod kraju to dwie wielkie litery (ISO 3166-1)');
  check(file.ticketTypes, ['ticketTypes'], keySchema, idMessage('biletu'));
  check(file.products, ['products'], keySchema, idMessage('produktu'));
  if (isMap(file.products)) {
    for (const [id, product] of Object.entries(file.products)) {
      if (isMap(product)) check(product.variants, ['products', id, 'variants'], keySchema, idMessage('wariantu'));
    }
  }
  return problems;
}

/** seed/demo-accounts.json: who the demo accounts are, in the shapes registration stores. */
export const demoAccountsSchema = z.strictObject({
  note: z.string().optional(),
  accounts: z.array(
    z.strictObject({
      role: z.string(),
      uid: uidSchema,
      email: emailSchema,
      password: z.string().min(6),
      claims: z.strictObject({ admin: z.literal(true).optional(), staff: z.literal(true).optional() }),
      profile: profileEditSchema,
      pickupCode: pickupCodeSchema,
      // `self` is the holder's own participant, written from the profile.
      members: z.record(
        clientKeySchema.check(
          z.refine((/** @type {string} */ id) => id !== 'self', 'Identyfikator „self” należy do właściciela konta'),
        ),
        memberInputSchema,
      ),
    }),
  ),
});
