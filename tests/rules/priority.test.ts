// The product uses no priorities (every list is ordered by a child or by key), so the rules refuse a
// priority on every node a participant may write: by REST on `<path>/.priority`, as `.priority`
// anywhere inside a written value, and through the SDK's setPriority / setWithPriority / update with
// a `<key>/.priority` path. A priority is data the .validate rules would otherwise never look at
// (newData.val() leaves it out): a 5 MB string would ride along on a valid first name.
import { beforeEach, describe, expect, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { RULES_SOURCE, restWriteAs, rulesTestEnv } from './setup.js';
import { OWNER, SEED, SERVER_TIMESTAMP, seedDatabase, VALID_BASKET, VALID_INVOICE } from './fixtures.js';

const O = OWNER;
const testEnv = await rulesTestEnv('demo-rules-priority');
const owner = testEnv.authenticatedContext(O);

/**
 * Every kind of location a participant writes, each with a value the rules accept there. The profile
 * is not among them: only the callables write it (PROFILE below).
 */
const WRITABLE: { path: string; value: unknown }[] = [
  { path: `members/${O}/m-free`, value: SEED.members[O]['m-free'] },
  { path: `members/${O}/m-free/firstName`, value: 'Ala' },
  { path: `members/${O}/m-free/lastName`, value: 'Nowak' },
  {
    path: `baskets/${O}`,
    value: VALID_BASKET,
  },
  { path: `baskets/${O}/tickets/m-ticket`, value: { ticketTypeId: 'dzien' } },
  { path: `baskets/${O}/updatedAt`, value: SERVER_TIMESTAMP },
  { path: `mailPrefs/${O}`, value: { optional: false, updatedAt: SERVER_TIMESTAMP } },
  { path: `mailPrefs/${O}/optional`, value: true },
];

/** The profile fields the owner once wrote: no write at all now, with or without a priority. */
const PROFILE: { path: string; value: unknown }[] = [
  { path: `profiles/${O}/firstName`, value: 'Ala' },
  { path: `profiles/${O}/lastName`, value: 'Nowak' },
  { path: `profiles/${O}/phone`, value: '+48 500 600 700' },
  { path: `profiles/${O}/country`, value: 'DE' },
  { path: `profiles/${O}/invoice`, value: VALID_INVOICE },
  { path: `profiles/${O}/updatedAt`, value: SERVER_TIMESTAMP },
];

const isServerValue = (v: unknown): boolean => typeof v === 'object' && v !== null && '.sv' in v;

/** The relative paths of every node of a value to be written (itself, its children, ...). */
function nodesOf(value: unknown, at: string[] = []): string[][] {
  const out = [at];
  if (typeof value === 'object' && value !== null && !isServerValue(value)) {
    for (const [key, child] of Object.entries(value)) out.push(...nodesOf(child, [...at, key]));
  }
  return out;
}

/** The value with a priority on the node at `at`. */
function withPriorityAt(value: unknown, at: string[], priority: unknown): unknown {
  if (at.length === 0) {
    if (typeof value === 'object' && value !== null) return { ...value, '.priority': priority };
    return { '.value': value, '.priority': priority };
  }
  const [key, ...rest] = at;
  const object = value as Record<string, unknown>;
  return { ...object, [key]: withPriorityAt(object[key], rest, priority) };
}

const ownerRest = (method: 'PUT' | 'PATCH', path: string, body: unknown) => restWriteAs(testEnv, O, method, path, body);

const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
const keyOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The data at `path` as stored, priorities included. */
async function storedAt(path: string): Promise<unknown> {
  let value: unknown;
  await testEnv.withSecurityRulesDisabled(async (context) => {
    value = (await context.database().ref(path).once('value')).exportVal();
  });
  return value;
}

/** The owner's data as stored, priorities included. */
async function storedExport(): Promise<string> {
  let text = '';
  await testEnv.withSecurityRulesDisabled(async (context) => {
    const snapshots = await Promise.all(
      ['profiles', 'members', 'baskets', 'mailPrefs'].map((root) =>
        context.database().ref(`${root}/${O}`).once('value'),
      ),
    );
    text = JSON.stringify(snapshots.map((s) => s.exportVal()));
  });
  return text;
}

/** database.rules.json without its `//` comments (outside strings), as JSON. */
function parseRules(source: string): Record<string, unknown> {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '"') {
      let j = i + 1;
      while (source[j] !== '"') j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j;
    } else if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      out += '\n';
    } else out += c;
  }
  return JSON.parse(out) as Record<string, unknown>;
}

type RuleNode = { [key: string]: RuleNode | string | boolean | string[] };

/** Every rule node at or below a .write that is not plainly false, with its path. */
function clientWritableNodes(node: RuleNode, path: string, underWrite: boolean): [string, RuleNode][] {
  const write = node['.write'];
  const writable = underWrite || (write !== undefined && write !== false && write !== 'false');
  const out: [string, RuleNode][] = writable ? [[path, node]] : [];
  for (const [key, child] of Object.entries(node)) {
    if (!key.startsWith('.') && typeof child === 'object' && !Array.isArray(child))
      out.push(...clientWritableNodes(child, `${path}/${key}`, writable));
  }
  return out;
}

beforeEach(() => seedDatabase(testEnv));

describe('the rules file', () => {
  it('every node a client may write refuses priorities in its .validate (or refuses the node)', () => {
    const nodes = clientWritableNodes(parseRules(RULES_SOURCE).rules as RuleNode, '', false);
    expect(nodes.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        `/members/$uid/$memberId/firstName`,
        `/baskets/$uid`,
        `/members/$uid/$memberId`,
        `/mailPrefs/$uid`,
      ]),
    );
    // Only the callables write the profile: no node of it is client-writable.
    expect(nodes.map(([path]) => path).filter((path) => path.startsWith('/profiles'))).toEqual([]);
    const missing = nodes
      .filter(
        ([, node]) =>
          node['.validate'] !== false &&
          !String(node['.validate'] ?? '').startsWith('newData.getPriority() === null && '),
      )
      .map(([path]) => path);
    expect(missing, 'client-writable nodes whose .validate lets a priority through').toEqual([]);
  });
});

describe('a participant cannot set a priority on anything they may write', () => {
  it('the reported probes: a 5 MB priority on their own first name and on their basket', async () => {
    const huge = 'x'.repeat(5 * 1024 * 1024);
    // The profile's first name, reported first, is no longer client-writable at all; a participant's is.
    expect(await ownerRest('PUT', `profiles/${O}/firstName/.priority`, huge)).toBe(401);
    expect(await ownerRest('PUT', `members/${O}/m-free/firstName/.priority`, huge)).toBe(401);
    expect(await ownerRest('PUT', `baskets/${O}/.priority`, huge)).toBe(401);
    expect(await ownerRest('PUT', `baskets/${O}/.priority`, 1)).toBe(401);
    expect(await storedExport()).not.toContain('.priority');
    // Without a basket there is nothing to carry a priority: the write is acknowledged and drops it
    // (the database keeps no priority on an empty location), so nothing is stored either.
    await assertSucceeds(owner.database().ref(`baskets/${O}`).remove());
    await ownerRest('PUT', `baskets/${O}/.priority`, huge);
    expect(await storedAt(`baskets/${O}`)).toBeNull();
  });

  it('nor on the containers above the writable fields (no write there at all)', async () => {
    for (const path of [`profiles/${O}`, `members/${O}`, 'baskets', 'mailPrefs']) {
      expect(await ownerRest('PUT', `${path}/.priority`, 'p')).toBe(401);
    }
  });

  for (const { path, value } of WRITABLE) {
    describe(path, () => {
      it('the value itself is accepted (the probes below fail only for the priority)', async () => {
        await assertSucceeds(owner.database().ref(path).set(value));
        expect(await ownerRest('PUT', path, value)).toBe(200);
        expect(await ownerRest('PATCH', parentOf(path), { [keyOf(path)]: value })).toBe(200);
      });

      it('REST: PUT <path>/.priority (string, number) is refused', async () => {
        await assertSucceeds(owner.database().ref(path).set(value));
        expect(await ownerRest('PUT', `${path}/.priority`, 'p')).toBe(401);
        expect(await ownerRest('PUT', `${path}/.priority`, 7)).toBe(401);
        expect(await ownerRest('PATCH', parentOf(path), { [`${keyOf(path)}/.priority`]: 'p' })).toBe(401);
        expect(await storedExport()).not.toContain('.priority');
      });

      it('REST: a value carrying .priority on any of its nodes is refused', async () => {
        for (const at of nodesOf(value)) {
          const status = await ownerRest('PUT', path, withPriorityAt(value, at, 'p'));
          expect(status, `.priority at ${[path, ...at].join('/')}`).toBe(401);
        }
        expect(await storedExport()).not.toContain('.priority');
      });

      it('SDK: setPriority, setWithPriority and update of <key>/.priority are refused', async () => {
        const db = owner.database();
        await assertSucceeds(db.ref(path).set(value));
        await assertFails(db.ref(path).setPriority('p', () => {}));
        await assertFails(db.ref(path).setPriority(3, () => {}));
        await assertFails(db.ref(path).setWithPriority(value, 1));
        await assertFails(db.ref(parentOf(path)).update({ [`${keyOf(path)}/.priority`]: 'p' }));
        expect(await storedExport()).not.toContain('.priority');
      });
    });
  }
});

describe('the profile: only the callables write it, so no priority either', () => {
  for (const { path, value } of PROFILE) {
    it(`${path}: the value, a priority on it, and the value with a priority are all refused`, async () => {
      const db = owner.database();
      await assertFails(db.ref(path).set(value));
      expect(await ownerRest('PUT', path, value)).toBe(401);
      expect(await ownerRest('PATCH', parentOf(path), { [keyOf(path)]: value })).toBe(401);
      expect(await ownerRest('PUT', `${path}/.priority`, 'p')).toBe(401);
      expect(await ownerRest('PUT', path, withPriorityAt(value, [], 'p'))).toBe(401);
      await assertFails(db.ref(path).setPriority('p', () => {}));
      await assertFails(db.ref(path).setWithPriority(value, 1));
      expect(await storedExport()).not.toContain('.priority');
      expect(await storedAt(`profiles/${O}`)).toEqual(SEED.profiles[O]);
    });
  }
});
