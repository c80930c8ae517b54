// The seed keeps its own zod schemas (plain JS, no build step); the shared domain module is the
// reference. What the seed stores must pass the domain's stored-data schemas, and what the domain
// refuses the seed must refuse too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countryNameSchema, eventSchema, productSchema, ticketTypeSchema } from '../../functions/src/domain/schemas.js';
import { validateSeed } from '../src/validate.js';
import { planSeed } from '../src/plan.js';
import { ROOT } from './emulators.js';

const example = () => JSON.parse(readFileSync(path.join(ROOT, 'seed', 'event.example.json'), 'utf8'));
const EMPTY = {
  event: null,
  countries: null,
  ticketTypes: null,
  products: null,
  archivedTicketTypes: null,
  archivedProducts: null,
};

describe('seed output against the domain schemas', () => {
  it('every record a first seed writes is valid stored data', () => {
    const result = validateSeed(example());
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const { updates } = planSeed(result.data, EMPTY, { now: 1_790_000_000_000 });
    const checked: string[] = [];
    for (const [key, value] of Object.entries(updates)) {
      const [section, id] = key.split('/');
      const schema =
        section === 'event'
          ? eventSchema
          : section === 'ticketTypes'
            ? ticketTypeSchema
            : section === 'products'
              ? productSchema
              : null;
      if (section === 'countries') {
        for (const name of Object.values(value as Record<string, string>))
          expect(countryNameSchema.safeParse(name).success).toBe(true);
      } else {
        const parsed = schema!.safeParse(value);
        if (!parsed.success) throw new Error(`${key}: ${JSON.stringify(parsed.error.issues)}`);
      }
      checked.push(id ? section : key);
    }
    expect(new Set(checked)).toEqual(new Set(['event', 'countries', 'ticketTypes', 'products']));
  });
});

describe('the seed refuses what the domain refuses', () => {
  const cases: { name: string; change: (file: any) => void; domain: () => boolean }[] = [
    {
      name: 'a NIP with a wrong checksum',
      change: (f) => (f.event.seller.nip = '8392017465'),
      domain: () =>
        eventSchema.safeParse({ ...example().event, seller: { ...example().event.seller, nip: '8392017465' } }).success,
    },
    {
      name: 'a bank account with a wrong checksum',
      change: (f) => (f.event.seller.bankAccount = '23102047950000123456789012'),
      domain: () =>
        eventSchema.safeParse({
          ...example().event,
          seller: { ...example().event.seller, bankAccount: '23102047950000123456789012' },
        }).success,
    },
    {
      name: 'a VAT rate of 7 %',
      change: (f) => (f.products['kubek-latarnia'].vatRate = 7),
      domain: () =>
        productSchema.safeParse({ ...example().products['kubek-latarnia'], vatRate: 7, variants: {} }).success,
    },
    {
      name: 'a fractional price',
      change: (f) => (f.ticketTypes['karnet-3-dniowy'].priceGrosze = 10.5),
      domain: () =>
        ticketTypeSchema.safeParse({
          ...example().ticketTypes['karnet-3-dniowy'],
          saleEnd: 1,
          priceGrosze: 10.5,
          sold: 0,
        }).success,
    },
    {
      name: 'a variant label over 40 characters',
      change: (f) => (f.products['kubek-latarnia'].variants.standard.label = 'x'.repeat(41)),
      domain: () =>
        productSchema.safeParse({
          ...example().products['kubek-latarnia'],
          variants: { standard: { label: 'x'.repeat(41), stock: 1, sold: 0, sortOrder: 1 } },
        }).success,
    },
    {
      name: 'an event name over 120 characters',
      change: (f) => (f.event.name = 'x'.repeat(121)),
      domain: () => eventSchema.safeParse({ ...example().event, name: 'x'.repeat(121) }).success,
    },
    {
      name: 'terms given both as a page address and as text',
      change: (f) => (f.event.terms = { url: 'https://bryza.example.pl/regulamin', text: 'Regulamin' }),
      domain: () =>
        eventSchema.safeParse({
          ...example().event,
          terms: { url: 'https://bryza.example.pl/regulamin', text: 'Regulamin' },
        }).success,
    },
    {
      name: 'a privacy policy at a plain-http address',
      change: (f) => (f.event.privacy = { url: 'http://bryza.example.pl/rodo' }),
      domain: () =>
        eventSchema.safeParse({ ...example().event, privacy: { url: 'http://bryza.example.pl/rodo' } }).success,
    },
    {
      name: 'an end date before the start date',
      change: (f) => (f.event.endDate = '2027-07-01'),
      domain: () => eventSchema.safeParse({ ...example().event, endDate: '2027-07-01' }).success,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const file = example();
      c.change(file);
      expect(validateSeed(file).ok).toBe(false);
      expect(c.domain()).toBe(false);
    });
  }
});
