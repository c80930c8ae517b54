import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

// A schema must answer, never throw: a refinement or transform that throws on input it did not
// expect turns a bad request into a 500 instead of a Polish refusal. This test finds every zod
// schema the domain exports (every module under functions/src/domain, read from disk, so a new
// module or schema is covered without touching this file), walks into every schema nested in it,
// and runs `safeParse` over hostile values: at the root, in each field of an otherwise valid object,
// as record keys and values, as list entries.

// Classic and `zod/mini` schemas alike (domain/schemas.ts is written with zod/mini): both are zod core schemas.
type Schema = z.core.$ZodType;
const isSchema = (v: unknown): v is Schema => v instanceof z.core.$ZodType;

const deep = (depth: number): unknown => {
  let v: unknown = 'dno';
  for (let i = 0; i < depth; i++) v = { a: v, b: [v] };
  return v;
};
const sparse: unknown[] = [];
sparse[5000] = 'x';

/** What a JSON payload (and a little more) can carry that no schema expects. */
const HOSTILE: [string, unknown][] = [
  ['undefined', undefined],
  ['null', null],
  ['true', true],
  ['false', false],
  ['0', 0],
  ['-1', -1],
  ['-0', -0],
  ['1.5', 1.5],
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
  ['2^53 + 2', Number.MAX_SAFE_INTEGER + 2],
  ['1e308', 1e308],
  ['bigint', 10n],
  ['symbol', Symbol('x')],
  ['function', () => 'x'],
  ['empty string', ''],
  ['blanks', ' \u00a0\t '],
  ['200 000 characters', 'x'.repeat(200_000)],
  ['200 000 Polish letters', 'ż'.repeat(200_000)],
  ['200 000 digits', '9'.repeat(200_000)],
  ['NUL', '\u0000'],
  ['lone surrogate', '\ud800'],
  ['bidi override', 'a\u202eb'],
  ['not a url', 'not a url'],
  ['https://', 'https://'],
  ['//x', '//x'],
  ['http://', 'http://'],
  ['javascript: url', 'javascript:alert(1)'],
  ['501-character url', `https://example.com/${'a'.repeat(481)}`],
  ['501 characters', 'a'.repeat(501)],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['hasOwnProperty', 'hasOwnProperty'],
  ['path injection', '../profiles/x'],
  ['number-looking text', '1e400'],
  ['date-looking text', '2026-02-30'],
  ['IBAN-looking text', 'PL' + '0'.repeat(26)],
  ['empty list', []],
  ['list of nulls', [null, undefined]],
  ['10 000 entries', Array(10_000).fill('x')],
  ['sparse list', sparse],
  ['empty object', {}],
  ['__proto__ key', JSON.parse('{"__proto__":{"admin":true},"a":1}')],
  ['constructor key', { constructor: { prototype: { admin: true } } }],
  ['null-prototype object', Object.assign(Object.create(null), { a: 1 })],
  ['10 000 keys', Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]))],
  ['nested junk', { a: [{ b: { c: [null, NaN, '\u0000', { d: -1 }] } }] }],
  ['deep object', deep(2000)],
  ['Date', new Date(Number.NaN)],
  ['RegExp', /x/],
  ['Map', new Map([['a', 1]])],
];

/** Values valid schemas commonly want, tried in turn to build a valid object around a hostile field. */
const CANDIDATES: unknown[] = [
  'Jan',
  'karnet-1',
  '-Nx1aBcDeFgHiJkLmNoP',
  'jan@example.com',
  'https://example.com/a.png',
  '2026-07-01',
  '81-300',
  'PL',
  '5265877635',
  '61109010140000071219812874',
  '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  'ZAM/2026/000001',
  'FV/2026/000001',
  'KOR/2026/000001',
  'KOR-2026-000001',
  'FV-2026-000001',
  '5265877635-20250826-0100001AF629-AF',
  '+48 600 100 200',
  'ABCDEFGH',
  'r23',
  '2026-07-01T10:00:00Z',
  1,
  0,
  8,
  23,
  1_700_000_000_000,
  true,
  false,
  null,
  [],
  {},
];

function def(schema: Schema): Record<string, unknown> & { type: string } {
  return (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
}

function shapeOf(schema: Schema): Record<string, Schema> | undefined {
  const d = def(schema);
  return d.type === 'object' ? (d.shape as Record<string, Schema>) : undefined;
}

/** Every schema reachable from `schema` (itself included), through any definition field that holds one. */
function collect(schema: Schema, into: Set<Schema>): void {
  if (into.has(schema)) return;
  if (def(schema).type !== 'transform') into.add(schema);
  const d = def(schema);
  for (const [k, value] of Object.entries(d)) {
    // Refinements (`checks`) only ever see a value their schema accepted the type of, and a transform
    // only what the left side of its pipe produced: run on their own they would test nothing real.
    if (k === 'checks') continue;
    if (k === 'getter' && typeof value === 'function') {
      const inner = (value as () => unknown)();
      if (isSchema(inner)) collect(inner, into);
    } else if (isSchema(value)) collect(value, into);
    else if (Array.isArray(value)) value.filter(isSchema).forEach((s) => collect(s, into));
    else if (k === 'shape' && value && typeof value === 'object')
      Object.values(value)
        .filter(isSchema)
        .forEach((s) => collect(s, into));
  }
}

const accepts = (schema: Schema, value: unknown) => {
  try {
    return z.safeParse(schema, value).success;
  } catch {
    return false;
  }
};

/** A best-effort valid value, so that a hostile field sits among valid ones and object-level checks run. */
function sample(schema: Schema, depth = 0): unknown {
  if (depth > 8) return undefined;
  const d = def(schema);
  const tryAll = (options: unknown[]) => options.find((o) => accepts(schema, o));
  switch (d.type) {
    case 'object': {
      const shape = d.shape as Record<string, Schema>;
      const built = Object.fromEntries(
        Object.entries(shape)
          .map(([k, s]) => [k, sample(s, depth + 1)])
          .filter(([, v]) => v !== undefined),
      );
      // Discriminated-union members and objects with cross-field checks may need another combination.
      return built;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(d.innerType as Schema, depth + 1);
    case 'pipe':
      return sample(d.in as Schema, depth + 1);
    case 'literal':
      return (d.values as unknown[])[0];
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0];
    case 'union': {
      const options = (d.options as Schema[]).map((o) => sample(o, depth + 1));
      return tryAll(options) ?? options[0];
    }
    case 'array':
      return tryAll([[], [sample(d.element as Schema, depth + 1)]]) ?? [];
    case 'record': {
      const k = tryAll([{}]) ? undefined : sample(d.keyType as Schema, depth + 1);
      return typeof k === 'string'
        ? { [k]: sample(d.valueType as Schema, depth + 1) }
        : { 'karnet-1': sample(d.valueType as Schema, depth + 1) };
    }
    case 'lazy':
      return sample((d.getter as () => Schema)(), depth + 1);
    default:
      return tryAll(CANDIDATES);
  }
}

interface Probe {
  where: string;
  value: unknown;
}

/** Hostile values at the root and, for containers, inside them. */
function probesFor(schema: Schema): Probe[] {
  const probes: Probe[] = HOSTILE.map(([label, value]) => ({ where: label, value }));
  const d = def(schema);
  const shape = shapeOf(schema);
  if (shape) {
    const base = sample(schema) as Record<string, unknown>;
    for (const field of Object.keys(shape)) {
      for (const [label, value] of HOSTILE)
        probes.push({ where: `${field} = ${label}`, value: { ...base, [field]: value } });
    }
    probes.push({
      where: '__proto__ key beside valid fields',
      value: Object.assign(JSON.parse('{"__proto__":{"admin":true}}'), base),
    });
    probes.push({
      where: 'every field hostile',
      value: Object.fromEntries(Object.keys(shape).map((k, i) => [k, HOSTILE[i % HOSTILE.length][1]])),
    });
  }
  if (d.type === 'record') {
    const value = sample(d.valueType as Schema);
    for (const [label, hostile] of HOSTILE) {
      probes.push({ where: `record value = ${label}`, value: { 'karnet-1': hostile } });
      if (typeof hostile === 'string')
        probes.push({
          where: `record key = ${label}`,
          value: JSON.parse(JSON.stringify({ [hostile]: value ?? null })),
        });
    }
    probes.push({ where: 'record __proto__ key', value: JSON.parse(`{"__proto__":${JSON.stringify(value ?? null)}}`) });
  }
  if (d.type === 'array')
    for (const [label, hostile] of HOSTILE) probes.push({ where: `list entry = ${label}`, value: [hostile] });
  return probes;
}

interface Found {
  name: string;
  schema: Schema;
}
const exported: Found[] = [];

beforeAll(async () => {
  const dir = dirname(fileURLToPath(import.meta.url));
  const modules = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.(ts|js)$/.test(f) && !/\.test\.ts$|\.d\.ts$/.test(f) && !f.split(/[\\/]/).includes('fixtures'))
    .sort();
  for (const file of modules) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (isSchema(value)) exported.push({ name: `${file}: ${name}`, schema: value });
      // Schemas grouped in an exported object (e.g. one per kind).
      else if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [k, inner] of Object.entries(value))
          if (isSchema(inner)) exported.push({ name: `${file}: ${name}.${k}`, schema: inner });
      }
    }
  }
}, 60_000);

describe('every domain schema answers hostile input with a result, never a throw', () => {
  it('finds the domain’s schemas by reading its modules', () => {
    const names = exported.map((e) => e.name);
    expect(names.length).toBeGreaterThan(60);
    for (const known of [
      'schemas.ts: imageUrlSchema',
      'schemas.ts: documentUrlSchema',
      'callables.ts: upsertProductInput',
      'callables.ts: updateEventSettingsInput',
      'bank/schemas.ts: bookBankTransactionsInput',
    ]) {
      expect(names).toContain(known);
    }
  });

  it('safeParse never throws, at the root or nested, for any schema reachable from an export', () => {
    const all = new Set<Schema>();
    const nameOf = new Map<Schema, string>();
    for (const { name, schema } of exported) {
      const before = all.size;
      collect(schema, all);
      if (all.size > before && !nameOf.has(schema)) nameOf.set(schema, name);
    }
    const throws: string[] = [];
    let calls = 0;
    for (const schema of all) {
      for (const probe of probesFor(schema)) {
        calls++;
        try {
          const r = z.safeParse(schema, probe.value);
          if (!r.success && !(r.error instanceof z.core.$ZodError))
            throws.push(`${nameOf.get(schema) ?? def(schema).type}: ${probe.where}: not a ZodError`);
        } catch (e) {
          throws.push(
            `${nameOf.get(schema) ?? `nested ${def(schema).type}`} (${probe.where}): ${(e as Error).message?.slice(0, 100)}`,
          );
        }
      }
    }
    expect([...new Set(throws)]).toEqual([]);
    expect(calls).toBeGreaterThan(10_000);
  }, 240_000);

  it('the URL schemas refuse malformed addresses with their Polish message', () => {
    const byName = new Map(exported.map((e) => [e.name, e.schema]));
    for (const [name, message] of [
      ['schemas.ts: imageUrlSchema', 'Nieprawidłowy adres obrazka'],
      ['schemas.ts: documentUrlSchema', 'Nieprawidłowy adres strony'],
    ] as const) {
      for (const bad of ['not a url', 'https://', '//x', `https://example.com/${'a'.repeat(481)}`]) {
        const r = z.safeParse(byName.get(name)!, bad);
        expect(r.success, `${name} ${bad.slice(0, 30)}`).toBe(false);
        expect(r.error?.issues[0].message, `${name} ${bad.slice(0, 30)}`).toMatch(
          message === 'Nieprawidłowy adres obrazka' ? /adres obrazka/i : /adres strony/i,
        );
      }
    }
  });
});
