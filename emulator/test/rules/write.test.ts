import { describe, expect, it } from 'vitest';
import { compile, NOW, set, update, user } from './helpers.js';

describe('canWrite: .write cascade', () => {
  const rules = compile({
    open: { '.write': true, locked: { '.write': false } },
    users: { $uid: { '.write': 'auth != null && auth.uid == $uid' } },
  });

  it('a grant at or above the location allows the write; deeper rules cannot revoke it', () => {
    expect(set(rules, null, '/open', { a: 1 }).allowed).toBe(true);
    expect(set(rules, null, '/open/locked', 1).allowed).toBe(true);
    expect(set(rules, null, '/open/locked/deeper/still', 1).allowed).toBe(true);
  });

  it('wildcard grants', () => {
    expect(set(rules, null, '/users/u1', { name: 'A' }, user('u1')).allowed).toBe(true);
    expect(set(rules, null, '/users/u1/name', 'A', user('u1')).allowed).toBe(true);
    expect(set(rules, null, '/users/u1', { name: 'A' }, user('u2')).allowed).toBe(false);
    expect(set(rules, null, '/users/u1', { name: 'A' }).allowed).toBe(false);
  });

  it('a set above the granting rules is denied even if every written child would be granted', () => {
    // The real service evaluates .write only at the write location and above.
    const r = set(rules, null, '/users', { u1: { name: 'A' } }, user('u1'));
    expect(r.allowed).toBe(false);
    if (!r.allowed) expect(r.reason).toMatch(/\/users.*no \.write rule applies/);
    expect(set(rules, null, '/', { open: 1 }).allowed).toBe(false);
  });

  it('the denial reason names the rules that evaluated false', () => {
    const r = set(rules, null, '/users/u1/name', 'x', user('u2'));
    expect(r).toEqual({
      allowed: false,
      reason: 'Write to /users/u1/name denied: .write at /users/u1 "auth != null && auth.uid == $uid" => false.',
    });
  });

  it('deletes need a grant too', () => {
    const data = { users: { u1: { name: 'A' } } };
    expect(set(rules, data, '/users/u1', null, user('u1')).allowed).toBe(true);
    expect(set(rules, data, '/users/u1', null, user('u2')).allowed).toBe(false);
  });
});

describe('canWrite: data, newData, now', () => {
  const rules = compile({
    once: { $id: { '.write': '!data.exists()' } },
    ownedPosts: {
      $id: {
        '.write':
          "newData.child('owner').val() == auth.uid && (!data.exists() || data.child('owner').val() == auth.uid)",
      },
    },
    stamps: { $id: { '.write': true, '.validate': 'newData.isNumber() && newData.val() <= now' } },
    grow: { '.write': true, '.validate': '!data.exists() || newData.val() > data.val()' },
    rootCheck: { '.write': "root.child('flags/open').val() == true" },
  });

  it('create-only with !data.exists()', () => {
    expect(set(rules, null, '/once/a', 1).allowed).toBe(true);
    expect(set(rules, { once: { a: 1 } }, '/once/a', 2).allowed).toBe(false);
  });

  it('newData is the new state at the location, data the old one', () => {
    expect(set(rules, null, '/ownedPosts/p', { owner: 'u1', t: 'x' }, user('u1')).allowed).toBe(true);
    expect(set(rules, null, '/ownedPosts/p', { owner: 'u2', t: 'x' }, user('u1')).allowed).toBe(false);
    const data = { ownedPosts: { p: { owner: 'u1', t: 'x' } } };
    expect(set(rules, data, '/ownedPosts/p', { owner: 'u2', t: 'x' }, user('u2')).allowed).toBe(false);
    // newData at /ownedPosts/p includes the untouched siblings of the written child
    expect(set(rules, data, '/ownedPosts/p/t', 'y', user('u1')).allowed).toBe(true);
    expect(set(rules, data, '/ownedPosts/p/t', 'y', user('u2')).allowed).toBe(false);
  });

  it('now is the server time', () => {
    expect(set(rules, null, '/stamps/a', NOW).allowed).toBe(true);
    expect(set(rules, null, '/stamps/a', NOW + 1).allowed).toBe(false);
    expect(set(rules, null, '/stamps/a', 'soon').allowed).toBe(false);
  });

  it('comparing old and new values', () => {
    expect(set(rules, { grow: 5 }, '/grow', 6).allowed).toBe(true);
    expect(set(rules, { grow: 5 }, '/grow', 4).allowed).toBe(false);
    expect(set(rules, null, '/grow', 1).allowed).toBe(true);
  });

  it('root is the state before the write', () => {
    expect(set(rules, { flags: { open: true } }, '/rootCheck', 1).allowed).toBe(true);
    expect(set(rules, { flags: { open: false } }, '/rootCheck', 1).allowed).toBe(false);
  });
});

describe('canWrite: .validate', () => {
  const rules = compile({
    '.write': true,
    profiles: {
      $uid: {
        '.validate': "newData.hasChildren(['name', 'age'])",
        name: { '.validate': 'newData.isString() && newData.val().length > 0 && newData.val().length <= 20' },
        age: { '.validate': 'newData.isNumber() && newData.val() >= 0' },
        tags: { $tag: { '.validate': 'newData.isBoolean()' } },
        $other: { '.validate': false },
      },
    },
    locked: { '.validate': false },
  });
  const alice = { name: 'Alice', age: 30 };

  it('accepts valid nested data', () => {
    expect(set(rules, null, '/profiles/a', alice).allowed).toBe(true);
    expect(set(rules, null, '/profiles/a', { ...alice, tags: { x: true, y: false } }).allowed).toBe(true);
  });

  it('validates every node of the written subtree', () => {
    expect(set(rules, null, '/profiles/a', { name: '', age: 30 }).allowed).toBe(false);
    expect(set(rules, null, '/profiles/a', { name: 'A', age: -1 }).allowed).toBe(false);
    expect(set(rules, null, '/profiles/a', { ...alice, tags: { x: 'yes' } }).allowed).toBe(false);
    const r = set(rules, null, '/profiles/a', { name: 7, age: 1 });
    expect(r.allowed).toBe(false);
    if (!r.allowed) expect(r.reason).toMatch(/\.validate at \/profiles\/a\/name/);
  });

  it('$other with .validate false refuses unknown keys, written from above or directly', () => {
    const r = set(rules, null, '/profiles/a', { ...alice, admin: true });
    expect(r.allowed).toBe(false);
    if (!r.allowed) expect(r.reason).toMatch(/\/profiles\/a\/admin/);
    expect(set(rules, { profiles: { a: alice } }, '/profiles/a/admin', true).allowed).toBe(false);
    expect(set(rules, { profiles: { a: alice } }, '/profiles/a/admin/deep', true).allowed).toBe(false);
  });

  it('validates the ancestors of the write location against their new state', () => {
    // /profiles/a must still have name and age after writing one child
    expect(set(rules, { profiles: { a: alice } }, '/profiles/a/age', 31).allowed).toBe(true);
    expect(set(rules, null, '/profiles/a/age', 31).allowed).toBe(false);
    expect(set(rules, null, '/locked/x', 1).allowed).toBe(false);
  });

  it('rules do not validate deleted nodes, but remaining ancestors are still validated', () => {
    const data = { profiles: { a: { ...alice, tags: { x: true } } }, locked: 1 };
    expect(set(rules, data, '/profiles/a', null).allowed).toBe(true);
    expect(set(rules, data, '/profiles/a/tags', null).allowed).toBe(true);
    expect(set(rules, data, '/locked', null).allowed).toBe(true);
    // deleting age leaves /profiles/a without age: its .validate fails
    expect(set(rules, data, '/profiles/a/age', null).allowed).toBe(false);
  });

  it('a .validate never grants: it is ANDed with the .write grant', () => {
    const r = compile({ a: { '.validate': true } });
    expect(set(r, null, '/a', 1).allowed).toBe(false);
  });

  it('.validate rules do not cascade to children', () => {
    const r = compile({ '.write': true, n: { '.validate': 'newData.isNumber()' } });
    expect(set(r, null, '/n', 1).allowed).toBe(true);
    expect(set(r, null, '/n', 'x').allowed).toBe(false);
    // a child is not a number, but /n itself is an object: the rule is about /n only
    expect(set(r, null, '/n', { c: 'x' }).allowed).toBe(false);
    expect(
      set(compile({ '.write': true, n: { $c: { '.validate': 'newData.isString()' } } }), null, '/n', { c: 'x' })
        .allowed,
    ).toBe(true);
  });
});

describe('canWrite: multi-path updates', () => {
  const rules = compile({
    users: { $uid: { '.write': 'auth.uid == $uid' } },
    pairs: {
      $id: {
        '.write': true,
        a: { '.validate': "newData.val() == newData.parent().child('b').val()" },
        b: { '.validate': "newData.val() == newData.parent().child('a').val()" },
      },
    },
    counters: { '.write': true, $c: { '.validate': 'newData.isNumber()' } },
  });

  it('every updated path needs its own grant', () => {
    expect(update(rules, null, '/users', { 'u1/name': 'A', 'u1/age': 3 }, user('u1')).allowed).toBe(true);
    const r = update(rules, null, '/', { 'users/u1/name': 'A', 'users/u2/name': 'B' }, user('u1'));
    expect(r.allowed).toBe(false);
    if (!r.allowed) expect(r.reason).toMatch(/\/users\/u2\/name/);
  });

  it('is judged against the state after the whole update', () => {
    const data = { pairs: { p: { a: 1, b: 1 } } };
    expect(update(rules, data, '/pairs/p', { a: 2, b: 2 }).allowed).toBe(true);
    expect(update(rules, data, '/pairs/p', { a: 2 }).allowed).toBe(false);
    expect(set(rules, data, '/pairs/p/a', 2).allowed).toBe(false);
    expect(update(rules, data, '/', { 'pairs/p/a': 3, 'pairs/p/b': 3 }).allowed).toBe(true);
  });

  it('validates each updated child, and deletes in an update are not validated', () => {
    expect(update(rules, null, '/counters', { x: 1, y: 2 }).allowed).toBe(true);
    expect(update(rules, null, '/counters', { x: 1, y: 'two' }).allowed).toBe(false);
    expect(update(rules, { counters: { x: 1 } }, '/counters', { x: null, y: 2 }).allowed).toBe(true);
  });

  it('validates the ancestors of every updated path against the merged state', () => {
    const r = compile({
      '.write': true,
      profiles: {
        $uid: {
          '.validate': "newData.hasChildren(['name', 'age'])",
          $other: { '.validate': "$other == 'name' || $other == 'age'" },
        },
      },
    });
    const data = { profiles: { a: { name: 'A', age: 1 } } };
    expect(update(r, data, '/profiles/a', { name: 'B' }).allowed).toBe(true);
    expect(update(r, null, '/profiles/a', { name: 'B' }).allowed).toBe(false);
    expect(update(r, null, '/profiles', { 'a/name': 'B', 'a/age': 2 }).allowed).toBe(true);
    expect(update(r, data, '/profiles/a', { nick: 'x' }).allowed).toBe(false);
    expect(update(r, data, '/profiles/a', { age: null }).allowed).toBe(false);
  });

  it('an empty update writes nothing and is allowed', () => {
    expect(update(rules, null, '/anywhere', {}).allowed).toBe(true);
  });
});

describe('expressions: string methods, regex, operators', () => {
  const rules = compile({
    '.write': true,
    s: {
      $k: {
        '.validate':
          "($k == 'len' && newData.val().length == 3) ||" +
          "($k == 'contains' && newData.val().contains('ab')) ||" +
          "($k == 'begins' && newData.val().beginsWith('pre')) ||" +
          "($k == 'ends' && newData.val().endsWith('.pl')) ||" +
          "($k == 'replace' && newData.val().replace('-', '') == 'abc') ||" +
          "($k == 'lower' && newData.val().toLowerCase() == 'abc') ||" +
          "($k == 'upper' && newData.val().toUpperCase() == 'ABC') ||" +
          "($k == 'email' && newData.val().matches(/^[a-z0-9._%+-]+@[a-z0-9.-]+\\.pl$/i)) ||" +
          "($k == 'slash' && newData.val().matches(/^a\\/b$/)) ||" +
          "($k == 'concat' && newData.val() == 'x' + 1 + 'y')",
      },
    },
    n: {
      $k: {
        '.validate':
          "($k == 'arith' && newData.val() == (2 + 3) * 4 - 10 / 5 % 3) ||" +
          "($k == 'neg' && -newData.val() == 5) ||" +
          "($k == 'ternary' && (newData.val() > 10 ? 'big' : 'small') == 'big') ||" +
          "($k == 'strict' && newData.val() === 1 && newData.val() !== '1') ||" +
          "($k == 'cmp' && newData.val() >= 1 && newData.val() < 2 && !(newData.val() > 1.5))",
      },
    },
    types: {
      $k: { '.validate': 'newData.isString() || newData.isNumber() || newData.isBoolean() && newData.val() == true' },
    },
    pri: { '.validate': "newData.getPriority() == 'high'" },
    kids: { '.validate': "newData.hasChildren() && newData.hasChild('a/b')" },
  });
  const ok = (path: string, v: unknown) => set(rules, null, path, v).allowed;

  it('string methods', () => {
    expect(ok('/s/len', 'abc')).toBe(true);
    expect(ok('/s/len', 'abcd')).toBe(false);
    expect(ok('/s/contains', 'xaby')).toBe(true);
    expect(ok('/s/contains', 'xy')).toBe(false);
    expect(ok('/s/begins', 'prefix')).toBe(true);
    expect(ok('/s/begins', 'xpre')).toBe(false);
    expect(ok('/s/ends', 'gdansk.pl')).toBe(true);
    expect(ok('/s/ends', 'gdansk.com')).toBe(false);
    expect(ok('/s/replace', 'a-b-c')).toBe(true); // replaces every occurrence
    expect(ok('/s/replace', 'a-b+c')).toBe(false);
    expect(ok('/s/lower', 'AbC')).toBe(true);
    expect(ok('/s/upper', 'aBc')).toBe(true);
    expect(ok('/s/concat', 'x1y')).toBe(true);
  });

  it('regular expressions', () => {
    expect(ok('/s/email', 'Jan.Kowalski@Example.PL')).toBe(true);
    expect(ok('/s/email', 'jan@example.com')).toBe(false);
    expect(ok('/s/email', 'not an email')).toBe(false);
    expect(ok('/s/slash', 'a/b')).toBe(true);
    expect(ok('/s/slash', 'ab')).toBe(false);
  });

  it('arithmetic, unary minus, ternary, strict equality, comparisons', () => {
    expect(ok('/n/arith', 18)).toBe(true);
    expect(ok('/n/arith', 17)).toBe(false);
    expect(ok('/n/neg', -5)).toBe(true);
    expect(ok('/n/ternary', 11)).toBe(true);
    expect(ok('/n/ternary', 9)).toBe(false);
    expect(ok('/n/strict', 1)).toBe(true);
    expect(ok('/n/strict', '1')).toBe(false);
    expect(ok('/n/cmp', 1.2)).toBe(true);
    expect(ok('/n/cmp', 1.7)).toBe(false);
  });

  it('type tests, priority, hasChildren / hasChild', () => {
    expect(ok('/types/a', 'x')).toBe(true);
    expect(ok('/types/a', 1)).toBe(true);
    expect(ok('/types/a', true)).toBe(true);
    expect(ok('/types/a', false)).toBe(false);
    expect(ok('/types/a', { x: 1 })).toBe(false);
    expect(ok('/pri', { '.value': 1, '.priority': 'high' })).toBe(true);
    expect(ok('/pri', { '.value': 1, '.priority': 'low' })).toBe(false);
    expect(ok('/kids', { a: { b: 1 } })).toBe(true);
    expect(ok('/kids', { a: { c: 1 } })).toBe(false);
    expect(ok('/kids', 'leaf')).toBe(false);
  });

  it('evaluation errors make the rule false instead of throwing', () => {
    // .length of a number, a method on null, string < number, parent() of the root
    expect(ok('/s/len', 123)).toBe(false);
    expect(ok('/s/contains', { ab: 1 })).toBe(false);
    expect(ok('/n/cmp', 'x')).toBe(false);
    expect(ok('/n/neg', 'x')).toBe(false);
    const r = compile({ '.write': 'data.parent().exists() || true', a: { '.write': "auth.token.name.contains('x')" } });
    const res = set(r, null, '/b', 1);
    expect(res.allowed).toBe(false);
    if (!res.allowed) expect(res.reason).toMatch(/error: The root has no parent/);
    expect(set(r, null, '/a', 1, user('u')).allowed).toBe(false);
    expect(set(r, null, '/a', 1, user('u', { name: 'xx' })).allowed).toBe(true);
  });

  it('an evaluation error names what went wrong in the denial reason', () => {
    const r = compile({
      len: { '.write': 'newData.val().length > 1' },
      call: { '.write': "newData.val().contains('x')" },
      cmp: { '.write': 'newData.val() < 3' },
      and: { '.write': 'newData.val() && true' },
      result: { '.write': 'newData.val()' },
    });
    const reason = (path: string, value: unknown): string => {
      const res = set(r, null, path, value);
      return res.allowed ? 'allowed' : res.reason;
    };
    expect(reason('/len', 5)).toContain("(error: No such property 'length' on number 5.)");
    expect(reason('/len', 'abc')).toBe('allowed');
    expect(reason('/call', 5)).toContain('(error: Cannot call contains() on number 5.)');
    expect(reason('/cmp', 'x')).toContain('(error: Invalid < operands: string "x" and number 3.)');
    expect(reason('/and', 1)).toContain('(error: Left operand of && must be boolean, got number 1.)');
    expect(reason('/result', 1)).toContain('(error: Rule evaluated to number 1, not a boolean.)');
    expect(reason('/result', true)).toBe('allowed');
  });

  it('an invalid child path is an evaluation error', () => {
    const r = compile({
      a: { '.write': "!newData.child('x.y').exists()" },
      b: { '.write': "!newData.child('x/y').exists()" },
    });
    expect(set(r, null, '/a', 1).allowed).toBe(false);
    expect(set(r, null, '/b', 1).allowed).toBe(true);
  });

  it('objects compare unequal to primitives', () => {
    const r = compile({ '.write': true, o: { '.validate': "newData.val() != null && newData.val() != 'x'" } });
    expect(set(r, null, '/o', { a: 1 }).allowed).toBe(true);
    expect(set(r, null, '/o', 'x').allowed).toBe(false);
  });
});

describe('performance shape', () => {
  it('evaluates only along the written path and the written subtree', () => {
    // A large database elsewhere is never walked: rules on it would fail if they were evaluated.
    const big: Record<string, unknown> = {};
    for (let i = 0; i < 5000; i++) big[`k${i}`] = { v: i };
    const rules = compile({
      '.write': true,
      big: { $k: { '.validate': false } },
      small: { $k: { '.validate': 'newData.isNumber()' } },
    });
    expect(set(rules, { big }, '/small/a', 1).allowed).toBe(true);
    expect(update(rules, { big }, '/small', { a: 1, b: 2 }).allowed).toBe(true);
  });
});
