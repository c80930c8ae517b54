// The seed file's schemas are the domain's input schemas; the records a seed run writes add what the
// server keeps (`sold`, `updatedAt`). They must pass the domain's stored-data schemas, which every
// reader parses them with.
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
