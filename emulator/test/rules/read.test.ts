import { describe, expect, it } from 'vitest';
import type { QueryParams } from '../../src/core/index.js';
import { ruleQueryFromParams } from '../../src/rules/index.js';
import { canRead, compile, user } from './helpers.js';

describe('canRead: cascading', () => {
  const rules = compile({
    public: { '.read': true, secret: { '.read': false } },
    users: { $uid: { '.read': 'auth != null && auth.uid == $uid', inbox: { '.read': true } } },
    deep: { a: { b: { '.read': true } } },
  });
  const data = {
    public: { secret: { x: 1 }, y: 2 },
    users: { u1: { name: 'A', inbox: { m: 1 } } },
    deep: { a: { b: 1 } },
  };

  it('a grant covers every location below it and cannot be revoked deeper', () => {
    expect(canRead(rules, data, '/public')).toBe(true);
    expect(canRead(rules, data, '/public/secret')).toBe(true);
    expect(canRead(rules, data, '/public/secret/x')).toBe(true);
    expect(canRead(rules, data, '/public/does/not/exist')).toBe(true);
  });

  it('a grant below the read location does not grant the read (no filtering)', () => {
    expect(canRead(rules, data, '/')).toBe(false);
    expect(canRead(rules, data, '/deep')).toBe(false);
    expect(canRead(rules, data, '/deep/a')).toBe(false);
    expect(canRead(rules, data, '/deep/a/b')).toBe(true);
    expect(canRead(rules, data, '/users')).toBe(false);
  });

  it('wildcards capture the key as a $variable', () => {
    expect(canRead(rules, data, '/users/u1', user('u1'))).toBe(true);
    expect(canRead(rules, data, '/users/u1/name', user('u1'))).toBe(true);
    expect(canRead(rules, data, '/users/u1', user('u2'))).toBe(false);
    expect(canRead(rules, data, '/users/u1')).toBe(false);
    // a deeper named rule still grants when the wildcard rule did not
    expect(canRead(rules, data, '/users/u1/inbox', user('u2'))).toBe(true);
    expect(canRead(rules, data, '/users/u1/inbox/m')).toBe(true);
  });

  it('locations without rules are denied', () => {
    expect(canRead(rules, data, '/nothing')).toBe(false);
    expect(canRead(rules, data, '/nothing/below')).toBe(false);
  });

  it('a named child takes precedence over the wildcard at the same level', () => {
    const r = compile({ items: { special: { '.read': false }, $id: { '.read': true } } });
    expect(canRead(r, null, '/items/any')).toBe(true);
    expect(canRead(r, null, '/items/special')).toBe(false);
  });
});

describe('canRead: auth', () => {
  it('signed out: auth is null and auth.uid is null, not an error that breaks ||', () => {
    const r = compile({
      a: { '.read': 'auth == null' },
      b: { '.read': 'auth.uid == null' },
      c: { '.read': "auth.uid == 'x'" },
    });
    expect(canRead(r, null, '/a')).toBe(true);
    expect(canRead(r, null, '/a', user('x'))).toBe(false);
    expect(canRead(r, null, '/b')).toBe(true);
    expect(canRead(r, null, '/c')).toBe(false);
    expect(canRead(r, null, '/c', user('x'))).toBe(true);
  });

  it('token claims, custom claims, provider', () => {
    const r = compile({
      admin: { '.read': 'auth.token.admin === true' },
      verified: { '.read': "auth.token.email_verified == true && auth.token.email.endsWith('@example.com')" },
      anon: { '.read': "auth.provider == 'anonymous'" },
      nested: { '.read': "auth.token.firebase.sign_in_provider == 'google.com'" },
      indexed: { '.read': "auth.token['role'] == 'staff'" },
    });
    expect(canRead(r, null, '/admin', user('u', { admin: true }))).toBe(true);
    expect(canRead(r, null, '/admin', user('u', { admin: 'true' }))).toBe(false);
    expect(canRead(r, null, '/admin', user('u'))).toBe(false);
    expect(canRead(r, null, '/admin')).toBe(false);
    expect(canRead(r, null, '/verified', user('u', { email: 'a@example.com', email_verified: true }))).toBe(true);
    expect(canRead(r, null, '/verified', user('u', { email: 'a@example.com', email_verified: false }))).toBe(false);
    expect(canRead(r, null, '/verified', user('u', { email: 'a@other.com', email_verified: true }))).toBe(false);
    expect(canRead(r, null, '/anon', user('u', {}, 'anonymous'))).toBe(true);
    expect(canRead(r, null, '/anon', user('u'))).toBe(false);
    expect(canRead(r, null, '/nested', user('u', { firebase: { sign_in_provider: 'google.com' } }))).toBe(true);
    expect(canRead(r, null, '/nested', user('u'))).toBe(false);
    expect(canRead(r, null, '/indexed', user('u', { role: 'staff' }))).toBe(true);
  });
});

describe('canRead: data and root', () => {
  const rules = compile({
    posts: {
      $id: { '.read': "data.child('public').val() == true || root.child('admins').hasChild(auth.uid)" },
    },
    rooms: { $room: { '.read': "root.child('members/' + $room + '/' + auth.uid).exists()" } },
  });
  const data = {
    admins: { boss: true },
    posts: { p1: { public: true, t: 'a' }, p2: { public: false, t: 'b' } },
    members: { r1: { u1: true } },
    rooms: { r1: { t: 'x' }, r2: { t: 'y' } },
  };

  it('data is the data at the rule location, root the whole database', () => {
    expect(canRead(rules, data, '/posts/p1')).toBe(true);
    expect(canRead(rules, data, '/posts/p2', user('u1'))).toBe(false);
    expect(canRead(rules, data, '/posts/p2', user('boss'))).toBe(true);
  });

  it('an error on the left of || (hasChild(null) when signed out) makes the rule false', () => {
    expect(canRead(rules, data, '/posts/p2')).toBe(false);
    expect(canRead(rules, data, '/posts/p1')).toBe(true);
  });

  it('string concatenation builds child paths', () => {
    expect(canRead(rules, data, '/rooms/r1', user('u1'))).toBe(true);
    expect(canRead(rules, data, '/rooms/r2', user('u1'))).toBe(false);
    expect(canRead(rules, data, '/rooms/r1')).toBe(false); // 'x/' + null is an error
  });
});

describe('canRead: query-based rules', () => {
  const rules = compile({
    orders: { '.read': "auth != null && query.orderByChild == 'uid' && query.equalTo == auth.uid", '.indexOn': 'uid' },
    messages: {
      '.read':
        '(query.limitToFirst != null && query.limitToFirst <= 20) || (query.limitToLast != null && query.limitToLast <= 20)',
    },
    strict: { '.read': 'query.limitToFirst <= 20 || query.limitToLast <= 20' },
    keys: { '.read': 'query.orderByKey && query.startAt == "a" && query.endAt == "m"' },
    values: { '.read': 'query.orderByValue == true' },
  });
  const data = { orders: { o1: { uid: 'u1' }, o2: { uid: 'u2' } } };
  const byUid = (value: unknown): QueryParams => ({
    index: { kind: 'child', path: ['uid'] },
    start: { value, inclusive: true },
    end: { value, inclusive: true },
  });

  it('allows exactly the query the rule describes', () => {
    expect(canRead(rules, data, '/orders', user('u1'), byUid('u1'))).toBe(true);
  });

  it('denies a plain read, another value, another child, or no auth', () => {
    expect(canRead(rules, data, '/orders', user('u1'))).toBe(false);
    expect(canRead(rules, data, '/orders', user('u1'), byUid('u2'))).toBe(false);
    expect(
      canRead(rules, data, '/orders', user('u1'), { ...byUid('u1'), index: { kind: 'child', path: ['owner'] } }),
    ).toBe(false);
    expect(canRead(rules, data, '/orders', null, byUid('u1'))).toBe(false);
    // a range is not equalTo
    expect(
      canRead(rules, data, '/orders', user('u1'), {
        index: { kind: 'child', path: ['uid'] },
        start: { value: 'u1', inclusive: true },
      }),
    ).toBe(false);
  });

  it('limits', () => {
    expect(canRead(rules, null, '/messages', null, { index: { kind: 'priority' }, limit: 10, viewFrom: 'left' })).toBe(
      true,
    );
    expect(canRead(rules, null, '/messages', null, { index: { kind: 'priority' }, limit: 10, viewFrom: 'right' })).toBe(
      true,
    );
    expect(canRead(rules, null, '/messages', null, { index: { kind: 'priority' }, limit: 50, viewFrom: 'left' })).toBe(
      false,
    );
    expect(canRead(rules, null, '/messages')).toBe(false);
    // null <= 20 is a type error; an error anywhere makes the whole rule false, even left of ||
    expect(canRead(rules, null, '/strict', null, { index: { kind: 'priority' }, limit: 10, viewFrom: 'left' })).toBe(
      true,
    );
    expect(canRead(rules, null, '/strict', null, { index: { kind: 'priority' }, limit: 10, viewFrom: 'right' })).toBe(
      false,
    );
  });

  it('orderByKey with a range, orderByValue', () => {
    const q: QueryParams = {
      index: { kind: 'key' },
      start: { value: 'a', inclusive: true },
      end: { value: 'm', inclusive: true },
    };
    expect(canRead(rules, null, '/keys', null, q)).toBe(true);
    expect(canRead(rules, null, '/keys', null, { ...q, end: { value: 'z', inclusive: true } })).toBe(false);
    expect(canRead(rules, null, '/values', null, { index: { kind: 'value' } })).toBe(true);
    expect(canRead(rules, null, '/values', null, { index: { kind: 'key' } })).toBe(false);
  });

  it('ruleQueryFromParams derives the query variable', () => {
    expect(ruleQueryFromParams(undefined)).toEqual({
      orderByKey: false,
      orderByPriority: false,
      orderByValue: false,
      orderByChild: null,
      startAt: null,
      endAt: null,
      equalTo: null,
      limitToFirst: null,
      limitToLast: null,
    });
    expect(
      ruleQueryFromParams({
        index: { kind: 'child', path: ['a', 'b'] },
        start: { value: 3, inclusive: true },
        limit: 5,
        viewFrom: 'right',
      }),
    ).toMatchObject({
      orderByChild: 'a/b',
      startAt: 3,
      endAt: null,
      equalTo: null,
      limitToFirst: null,
      limitToLast: 5,
    });
    expect(
      ruleQueryFromParams({
        index: { kind: 'priority' },
        start: { value: 1, inclusive: true },
        end: { value: 1, inclusive: true },
      }),
    ).toMatchObject({
      orderByPriority: true,
      startAt: 1,
      endAt: 1,
      equalTo: 1,
    });
    // startAfter / endBefore are exclusive: not startAt / endAt
    expect(ruleQueryFromParams({ index: { kind: 'key' }, start: { value: 'a', inclusive: false } })).toMatchObject({
      startAt: null,
      orderByKey: true,
    });
  });
});

describe('indexOn', () => {
  const rules = compile({
    orders: { '.indexOn': 'uid' },
    users: { $uid: { posts: { '.indexOn': ['createdAt', 'score'] } } },
  });
  it('returns the entries at exactly that location', () => {
    expect(rules.indexOn(['orders'])).toEqual(['uid']);
    expect(rules.indexOn(['users', 'u1', 'posts'])).toEqual(['createdAt', 'score']);
    expect(rules.indexOn(['users', 'u1'])).toEqual([]);
    expect(rules.indexOn(['orders', 'o1'])).toEqual([]);
    expect(rules.indexOn(['nothing', 'here'])).toEqual([]);
    expect(rules.indexOn([])).toEqual([]);
  });
});
