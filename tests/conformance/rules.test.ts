// Security rules loaded and exercised through @firebase/rules-unit-testing, the way the product's
// own rules tests use the emulator, plus the web SDK for listens and PUT /.settings/rules.json for
// invalid rules.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { goOffline, onDisconnect, onValue, ref, set } from 'firebase/database';
import {
  errorText,
  mockIdToken,
  putRules,
  rest,
  startTarget,
  uniqueNs,
  waitUntil,
  webClient,
} from '../helpers/rtdb.js';
import type { RtdbTarget } from '../helpers/rtdb.js';

// One rule expression per case, each with values it must accept and refuse.
const LANGUAGE_CASES: Record<string, { rule: string; accept: unknown[]; refuse: unknown[] }> = {
  beginsWith: { rule: "newData.val().beginsWith('PL-')", accept: ['PL-1'], refuse: ['DE-1', 'pl-1'] },
  endsWith: { rule: "newData.val().endsWith('.pl')", accept: ['a.pl'], refuse: ['a.de'] },
  replaceAll: { rule: "newData.val().replace('-', '') === 'abc'", accept: ['a-b-c', 'abc'], refuse: ['ab-d'] },
  lower: { rule: "newData.val().toLowerCase() === 'gdansk'", accept: ['GdAnSk'], refuse: ['gdynia'] },
  upper: { rule: "newData.val().toUpperCase() === 'HEL'", accept: ['hel'], refuse: ['hela'] },
  length: { rule: 'newData.val().length === 3', accept: ['abc', 'żółw'.slice(0, 3)], refuse: ['abcd', ''] },
  regexFlags: { rule: 'newData.val().matches(/^[a-z]+$/i)', accept: ['AbC'], refuse: ['ab1', ''] },
  isBoolean: { rule: 'newData.isBoolean()', accept: [true, false], refuse: ['true', 1] },
  hasChildren: {
    rule: "newData.hasChild('a') && newData.hasChildren(['b', 'c'])",
    accept: [{ a: 1, b: 1, c: 1 }],
    refuse: [{ a: 1, b: 1 }],
  },
  hasAnyChildren: { rule: 'newData.hasChildren()', accept: [{ x: 1 }], refuse: [5, 'x'] },
  arithmetic: {
    rule: 'newData.val() % 2 === 0 && newData.val() * 2 - 1 > 5 && newData.val() / 2 <= 10',
    accept: [4, 20],
    refuse: [3, 2, 22],
  },
  concat: { rule: "newData.val() === auth.uid + '-x'", accept: ['ala-x'], refuse: ['ala', 'ola-x'] },
  noCoercion: { rule: 'newData.val() == 1', accept: [1], refuse: ['1', true] },
  precedence: {
    rule: 'newData.val() > 1 && newData.val() < 5 || newData.val() === 100',
    accept: [3, 100],
    refuse: [50, 1],
  },
  negation: { rule: "!(newData.val() === 'no') && newData.val() != 'nope'", accept: ['yes'], refuse: ['no', 'nope'] },
  missingData: {
    rule: "data.val() == null && !data.exists() && root.child('lang/nothing').val() == null",
    accept: ['first'],
    refuse: [],
  },
  parentChild: { rule: "newData.parent().parent().child('flags/open').val() === true", accept: [], refuse: ['x'] },
};

const RULES = {
  rules: {
    lang: Object.fromEntries(
      Object.entries(LANGUAGE_CASES).map(([name, { rule }]) => [
        name,
        { $id: { '.write': 'auth != null', '.validate': rule } },
      ]),
    ),
    // Cascade: a grant higher up cannot be taken back by a deeper false.
    open: {
      '.read': true,
      '.write': true,
      closed: { '.read': false, '.write': false },
    },
    // Only the deeper grant applies here.
    partly: {
      '.read': false,
      visible: { '.read': true },
    },
    profiles: {
      $uid: {
        '.read': 'auth != null && auth.uid === $uid',
        '.write': 'auth != null && auth.uid === $uid',
        '.validate': "newData.hasChildren(['name'])",
        name: { '.validate': 'newData.isString() && newData.val().length > 0 && newData.val().length <= 20' },
        age: { '.validate': 'newData.isNumber() && newData.val() >= 0' },
        address: {
          city: { '.validate': 'newData.isString()' },
          $other: { '.validate': false },
        },
        $other: { '.validate': false },
      },
    },
    counters: {
      $id: {
        // Only ever increases by one; creation starts at 1.
        '.write':
          'auth != null && ((!data.exists() && newData.val() === 1) || (data.exists() && newData.val() === data.val() + 1))',
      },
    },
    writeOnce: {
      $id: { '.write': 'auth != null && !data.exists()' },
    },
    admin: {
      '.read': 'auth.token.admin === true',
      '.write': 'auth.token.admin === true && auth.token.email_verified === true',
    },
    orders: {
      '.indexOn': ['uid'],
      '.read': "auth != null && query.orderByChild === 'uid' && query.equalTo === auth.uid",
      $orderId: {
        '.read': "auth != null && data.child('uid').val() === auth.uid",
        '.write': "auth != null && newData.child('uid').val() === auth.uid",
      },
    },
    pages: {
      '.read': 'auth != null && query.limitToFirst <= 2',
    },
    pair: {
      '.write': 'auth != null',
      a: { '.validate': "newData.parent().child('b').val() === newData.val()" },
      b: { '.validate': "newData.parent().child('a').val() === newData.val()" },
    },
    names: {
      $id: {
        '.write': 'auth != null',
        '.validate': "newData.isString() && newData.val().matches(/^[A-Z][a-z]+$/) && !newData.val().contains('x')",
      },
    },
    stamps: {
      $id: { '.write': 'auth != null', '.validate': 'newData.val() === now' },
    },
    rooted: {
      $id: { '.read': "root.child('members').child(auth.uid).exists()" },
    },
    members: { '.read': false },
    presence: {
      $uid: { '.read': true, '.write': 'auth != null && auth.uid === $uid' },
    },
    ranked: {
      $k: { '.write': 'auth != null', '.validate': 'newData.getPriority() != null' },
    },
    // A priority is part of the node it belongs to: writing `<node>/.priority` is a write of the node.
    gated: {
      $k: {
        '.write': 'auth != null',
        '.validate': "newData.getPriority() !== 'bad' && data.getPriority() !== 'frozen'",
        $other: { '.validate': false },
      },
    },
    // Every child is writable, the node itself is not: its priority is not a child.
    openChildren: {
      $child: { '.write': 'auth != null' },
    },
    atomic: {
      allowed: { '.write': 'auth != null' },
      denied: { '.write': false },
    },
  },
};

let target: RtdbTarget;
let env: RulesTestEnvironment;
let projectId: string;

beforeAll(async () => {
  target = await startTarget();
  projectId = uniqueNs('rules');
  env = await initializeTestEnvironment({
    projectId,
    database: { host: target.host, port: target.port, rules: JSON.stringify(RULES) },
  });
});

afterAll(async () => {
  await env?.cleanup();
  await target?.close();
});

beforeEach(async () => {
  await env.clearDatabase();
});

async function seed(path: string, value: unknown): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    await context.database().ref(path).set(value);
  });
}

describe('read and write allow / deny', () => {
  it('a path without rules is denied; a path with .read/.write true is allowed', async () => {
    const db = env.unauthenticatedContext().database();
    await assertFails(db.ref('nowhere').once('value'));
    await assertFails(db.ref('nowhere').set(1));
    await assertSucceeds(db.ref('open/x').set(1));
    await assertSucceeds(db.ref('open/x').once('value'));
  });

  it('a grant cannot be revoked deeper (cascade), but a deeper grant works alone', async () => {
    await seed('open/closed/secret', 's');
    await seed('partly', { hidden: 1, visible: 2 });
    const db = env.unauthenticatedContext().database();
    await assertSucceeds(db.ref('open/closed/secret').once('value'));
    await assertSucceeds(db.ref('open/closed/secret').set('changed'));
    await assertFails(db.ref('partly').once('value'));
    await assertFails(db.ref('partly/hidden').once('value'));
    await assertSucceeds(db.ref('partly/visible').once('value'));
  });

  it('$wildcards bind to auth.uid: owner allowed, others and signed-out denied', async () => {
    await seed('profiles/ala', { name: 'Ala' });
    const ala = env.authenticatedContext('ala').database();
    const ola = env.authenticatedContext('ola').database();
    const anon = env.unauthenticatedContext().database();
    await assertSucceeds(ala.ref('profiles/ala').once('value'));
    await assertFails(ola.ref('profiles/ala').once('value'));
    await assertFails(anon.ref('profiles/ala').once('value'));
    await assertFails(ola.ref('profiles/ala/name').set('Ola'));
    await assertSucceeds(ala.ref('profiles/ala/name').set('Alicja'));
  });
});

describe('.validate', () => {
  it('nested validation and unknown keys ($other: false) at every level', async () => {
    const ala = env.authenticatedContext('ala').database();
    await assertSucceeds(ala.ref('profiles/ala').set({ name: 'Ala', age: 30, address: { city: 'Gdynia' } }));
    await assertFails(ala.ref('profiles/ala').set({ name: 'Ala', nickname: 'A' })); // unknown key
    await assertFails(ala.ref('profiles/ala').set({ name: 'Ala', address: { street: 'x' } })); // unknown nested key
    await assertFails(ala.ref('profiles/ala').set({ name: '' })); // nested validate
    await assertFails(ala.ref('profiles/ala').set({ name: 'Ala', age: -1 }));
    await assertFails(ala.ref('profiles/ala').set({ name: 'Ala', age: '30' }));
    await assertFails(ala.ref('profiles/ala').set({ age: 30 })); // parent validate: hasChildren(['name'])
    await assertSucceeds(ala.ref('profiles/ala/age').set(31)); // partial write: the parent still has name
    await assertFails(ala.ref('profiles/ala/address/zip').set('81-300'));
    // Deleting a required child leaves a parent that fails its own .validate.
    await assertFails(ala.ref('profiles/ala/name').remove());
    await assertFails(ala.ref('profiles/ala').update({ name: null }));
  });

  it('validate does not block deletes of the whole node', async () => {
    await seed('profiles/ala', { name: 'Ala' });
    const ala = env.authenticatedContext('ala').database();
    await assertSucceeds(ala.ref('profiles/ala').remove());
  });

  it('string methods and regex literals in validate', async () => {
    const db = env.authenticatedContext('ala').database();
    await assertSucceeds(db.ref('names/1').set('Sopot'));
    await assertFails(db.ref('names/2').set('sopot'));
    await assertFails(db.ref('names/3').set('Sopotx'));
    await assertFails(db.ref('names/4').set(5));
  });

  it('newData.val() === now accepts a server timestamp', async () => {
    const db = env.authenticatedContext('ala').database();
    await assertSucceeds(db.ref('stamps/a').set({ '.sv': 'timestamp' }));
    await assertFails(db.ref('stamps/b').set(12345));
  });

  it('a multi-path update is judged against the state after the whole update', async () => {
    await seed('pair', { a: 1, b: 1 });
    const db = env.authenticatedContext('ala').database();
    await assertSucceeds(db.ref('pair').update({ a: 2, b: 2 }));
    await assertFails(db.ref('pair').update({ a: 3 }));
    await assertFails(db.ref('pair/b').set(4));
    await env.withSecurityRulesDisabled(async (context) => {
      expect((await context.database().ref('pair').once('value')).val()).toEqual({ a: 2, b: 2 });
    });
  });
});

describe('atomic multi-path writes and onDisconnect', () => {
  it('a multi-path update with one denied path is refused as a whole', async () => {
    const db = env.authenticatedContext('ala').database();
    await assertSucceeds(db.ref('atomic').update({ 'allowed/x': 1 }));
    await assertFails(db.ref('atomic').update({ 'allowed/y': 2, 'denied/z': 3 }));
    await env.withSecurityRulesDisabled(async (context) => {
      expect((await context.database().ref('atomic').once('value')).val()).toEqual({ allowed: { x: 1 } });
    });
  });

  it('onDisconnect operations are checked against the rules when registered', async () => {
    const db = env.authenticatedContext('ala').database();
    await assertFails(db.ref('atomic/denied/p').onDisconnect().set('x'));
    await assertSucceeds(db.ref('atomic/allowed/p').onDisconnect().set('x'));
    await assertSucceeds(db.ref('atomic/allowed/p').onDisconnect().cancel());
  });

  it("onDisconnect writes run with the registering connection's auth", async () => {
    const client = webClient(target, projectId, { uid: 'ala' });
    try {
      await set(ref(client.db, 'presence/ala'), 'online');
      await onDisconnect(ref(client.db, 'presence/ala')).set('offline');
      const observer = env.unauthenticatedContext().database();
      const offline = new Promise<void>((resolve) => {
        observer.ref('presence/ala').on('value', (s) => {
          if (s.val() === 'offline') resolve();
        });
      });
      goOffline(client.db);
      await offline;
    } finally {
      await client.close();
    }
  });

  it('getPriority() in validate rules', async () => {
    const db = env.authenticatedContext('ala').database();
    await assertSucceeds(db.ref('ranked/a').setWithPriority('A', 1));
    await assertFails(db.ref('ranked/b').set('B'));
  });

  it('a priority-only write (setPriority, PUT <node>/.priority) is checked as a write of the node', async () => {
    const db = env.authenticatedContext('ala').database();
    await assertSucceeds(db.ref('gated/a').set('A'));
    // .validate of the node runs and sees the new priority in newData (not a `$other` child).
    await assertSucceeds(db.ref('gated/a').setPriority('good', () => {}));
    await assertFails(db.ref('gated/a').setPriority('bad', () => {}));
    const auth = { auth: mockIdToken(projectId, 'ala') };
    expect((await rest(target, projectId, 'PUT', 'gated/a/.priority', { body: 'bad', params: auth })).status).toBe(401);
    expect(
      (await rest(target, projectId, 'PATCH', 'gated/a', { body: { '.priority': 'bad' }, params: auth })).status,
    ).toBe(401);
    expect((await rest(target, projectId, 'PUT', 'gated/a/.priority', { body: 'fine', params: auth })).status).toBe(
      200,
    );
    // The node's own .write decides: another user's node stays theirs.
    await seed('presence/ola', 'online');
    await assertFails(db.ref('presence/ola').setPriority(1, () => {}));
    await seed('presence/ala', 'online');
    await assertSucceeds(db.ref('presence/ala').setPriority(1, () => {}));
    // data.getPriority() is the priority before the write.
    await assertSucceeds(db.ref('gated/a').setPriority('frozen', () => {}));
    await assertFails(db.ref('gated/a').setPriority('good', () => {}));
    await assertFails(db.ref('gated/a').set('B'));
  });

  it('an update of <key>/.priority is checked as a write of that node, not of a child named .priority', async () => {
    const db = env.authenticatedContext('ala').database();
    await assertSucceeds(db.ref('gated/a').set('A'));
    await assertSucceeds(db.ref('gated').update({ 'a/.priority': 'good' }));
    await assertSucceeds(db.ref('gated/a').update({ '.priority': 'good2' }));
    await assertFails(db.ref('gated').update({ 'a/.priority': 'bad' }));
    await assertFails(db.ref('gated/a').update({ '.priority': 'bad' }));
    let stored: unknown;
    await env.withSecurityRulesDisabled(async (context) => {
      stored = (await context.database().ref('gated/a').once('value')).exportVal();
    });
    expect(stored).toEqual({ '.value': 'A', '.priority': 'good2' });
    // A `$child` rule grants the children of openChildren, not the priority of openChildren itself.
    await seed('openChildren', { a: 1 });
    await assertSucceeds(db.ref('openChildren').update({ b: 2 }));
    await assertFails(db.ref('openChildren').update({ '.priority': 5 }));
    await assertFails(db.ref('openChildren').setPriority(5, () => {}));
    await env.withSecurityRulesDisabled(async (context) => {
      stored = (await context.database().ref('openChildren').once('value')).exportVal();
    });
    expect(stored).toEqual({ a: 1, b: 2 });
  });
});

describe('rules language', () => {
  it.each(Object.entries(LANGUAGE_CASES))('%s', async (name, { accept, refuse }) => {
    const db = env.authenticatedContext('ala').database();
    let i = 0;
    for (const value of accept) await assertSucceeds(db.ref(`lang/${name}/a${i++}`).set(value));
    for (const value of refuse) await assertFails(db.ref(`lang/${name}/r${i++}`).set(value));
  });
});

describe('data vs newData', () => {
  it('a counter that may only grow by one', async () => {
    const db = env.authenticatedContext('ala').database();
    await assertFails(db.ref('counters/c').set(5));
    await assertSucceeds(db.ref('counters/c').set(1));
    await assertSucceeds(db.ref('counters/c').set(2));
    await assertFails(db.ref('counters/c').set(2));
    await assertFails(db.ref('counters/c').set(4));
  });

  it('write-once: creating is allowed, overwriting and deleting are not', async () => {
    const db = env.authenticatedContext('ala').database();
    await assertSucceeds(db.ref('writeOnce/x').set('first'));
    await assertFails(db.ref('writeOnce/x').set('second'));
    await assertFails(db.ref('writeOnce/x').remove());
  });

  it('root.child() reads other data in a read rule', async () => {
    await seed('rooted/r1', 'data');
    await seed('members/ala', true);
    await assertSucceeds(env.authenticatedContext('ala').database().ref('rooted/r1').once('value'));
    await assertFails(env.authenticatedContext('ola').database().ref('rooted/r1').once('value'));
  });
});

describe('auth.token custom claims', () => {
  it('custom claims and standard token fields are visible in rules', async () => {
    await seed('admin/panel', { ok: true });
    const plain = env.authenticatedContext('ala').database();
    const claimed = env.authenticatedContext('ela', { admin: true } as never).database();
    const verified = env.authenticatedContext('ewa', { admin: true, email_verified: true } as never).database();
    await assertFails(plain.ref('admin/panel').once('value'));
    await assertSucceeds(claimed.ref('admin/panel').once('value'));
    await assertFails(claimed.ref('admin/panel/ok').set(false));
    await assertSucceeds(verified.ref('admin/panel/ok').set(false));
  });
});

describe('query-based rules', () => {
  it("orderByChild('uid').equalTo(auth.uid) is allowed, the unfiltered list is not", async () => {
    await seed('orders', { o1: { uid: 'ala', total: 1 }, o2: { uid: 'ola', total: 2 }, o3: { uid: 'ala', total: 3 } });
    const ala = env.authenticatedContext('ala').database();
    const mine = await assertSucceeds(ala.ref('orders').orderByChild('uid').equalTo('ala').once('value'));
    expect(Object.keys(mine.val()).sort()).toEqual(['o1', 'o3']);
    await assertFails(ala.ref('orders').once('value'));
    await assertFails(ala.ref('orders').orderByChild('uid').equalTo('ola').once('value'));
    await assertFails(ala.ref('orders').orderByChild('total').equalTo('ala').once('value'));
    await assertFails(
      env.unauthenticatedContext().database().ref('orders').orderByChild('uid').equalTo('ala').once('value'),
    );
    // The single order is readable through the per-child rule.
    await assertSucceeds(ala.ref('orders/o1').once('value'));
    await assertFails(ala.ref('orders/o2').once('value'));
  });

  it('query.limitToFirst bounds the page size', async () => {
    await seed('pages', { a: 1, b: 2, c: 3 });
    const db = env.authenticatedContext('ala').database();
    await assertSucceeds(db.ref('pages').limitToFirst(2).once('value'));
    await assertFails(db.ref('pages').limitToFirst(3).once('value'));
    await assertFails(db.ref('pages').once('value'));
  });
});

describe('listens', () => {
  it('a listen denied by rules is cancelled with permission_denied; an allowed one gets data', async () => {
    await seed('orders', { o1: { uid: 'ala' } });
    const client = webClient(target, projectId, { uid: 'ala' });
    try {
      const denied = await new Promise<unknown>((resolve, reject) => {
        onValue(ref(client.db, 'orders'), () => reject(new Error('denied listen delivered data')), resolve);
      });
      expect(errorText(denied)).toContain('permission_denied');
      const allowed = await new Promise<unknown>((resolve, reject) => {
        onValue(ref(client.db, 'orders/o1'), (s) => resolve(s.val()), reject);
      });
      expect(allowed).toEqual({ uid: 'ala' });
    } finally {
      await client.close();
    }
  });

  it('a live listen is cancelled with permission_denied when new rules take its read access away', async () => {
    const other = uniqueNs('rules-revoke');
    expect((await putRules(target, other, JSON.stringify({ rules: { feed: { '.read': true } } }))).status).toBe(200);
    const client = webClient(target, other, { uid: 'ala' });
    try {
      let delivered = 0;
      const cancelled = new Promise<unknown>((resolve) => {
        onValue(
          ref(client.db, 'feed'),
          () => {
            delivered += 1;
          },
          resolve,
        );
      });
      await waitUntil(() => delivered > 0, 'first value of an allowed listen');
      expect((await putRules(target, other, JSON.stringify({ rules: { feed: { '.read': false } } }))).status).toBe(200);
      expect(errorText(await cancelled)).toContain('permission_denied');
    } finally {
      await client.close();
    }
  });

  it('compat SDK: on() with a cancel callback gets PERMISSION_DENIED', async () => {
    const db = env.unauthenticatedContext().database();
    const error = await new Promise<unknown>((resolve, reject) => {
      db.ref('profiles/ala').on('value', () => reject(new Error('denied listen delivered data')), resolve);
    });
    expect(errorText(error)).toContain('permission_denied');
  });
});

describe('loading rules', () => {
  it('invalid rules are refused by PUT /.settings/rules.json with 400 and a message naming the problem; the old rules stay', async () => {
    const unknownVariable = await putRules(
      target,
      projectId,
      JSON.stringify({ rules: { x: { '.read': 'foo === 1' } } }),
    );
    expect(unknownVariable.status).toBe(400);
    expect(unknownVariable.text).toMatch(/foo/);

    const syntax = await putRules(target, projectId, '{ "rules": { ".read": "auth != null &&" } }');
    expect(syntax.status).toBe(400);
    expect(syntax.text.length).toBeGreaterThan(0);

    const notJson = await putRules(target, projectId, '{ "rules": ');
    expect(notJson.status).toBe(400);

    const notBoolean = await putRules(target, projectId, JSON.stringify({ rules: { x: { '.write': "'yes'" } } }));
    expect(notBoolean.status).toBe(400);

    const unknownKey = await putRules(target, projectId, JSON.stringify({ rules: { x: { '.reed': true } } }));
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.text).toMatch(/\.reed/);

    // The previous rules are still in force.
    await seed('open/still', 1);
    await assertSucceeds(env.unauthenticatedContext().database().ref('open/still').once('value'));
    await assertFails(env.unauthenticatedContext().database().ref('nowhere').once('value'));
  });

  it('rules with comments are accepted and GET /.settings/rules.json returns them', async () => {
    const other = uniqueNs('rules-comments');
    const source = '{\n  // comment\n  "rules": { /* block */ ".read": true, ".write": false }\n}';
    const loaded = await putRules(target, other, source);
    expect(loaded.status, loaded.text).toBe(200);
    const response = await fetch(`${target.origin}/.settings/rules.json?ns=${other}`, {
      headers: { Authorization: 'Bearer owner' },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('".read"');
    expect((await rest(target, other, 'GET', 'anything')).status).toBe(200);
    expect((await rest(target, other, 'PUT', 'anything', { body: 1 })).status).toBe(401);
  });

  it('rules cannot be changed without the owner credential', async () => {
    const response = await fetch(`${target.origin}/.settings/rules.json?ns=${projectId}`, {
      method: 'PUT',
      body: JSON.stringify({ rules: { '.read': true, '.write': true } }),
    });
    await response.text();
    expect(response.status).toBe(401);
    await assertFails(env.unauthenticatedContext().database().ref('nowhere').once('value'));
  });
});
