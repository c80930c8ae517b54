import { describe, expect, it } from 'vitest';
import { compile, p } from './helpers.js';

describe('readDependsOnData', () => {
  const rules = compile({
    public: { '.read': true },
    mine: { $uid: { '.read': 'auth != null && auth.uid === $uid && now > 0' } },
    groups: {
      $group: {
        '.read': "root.child('members/' + $group + '/' + auth.uid).exists()",
        deep: { '.read': 'auth != null' },
      },
    },
    posts: { $id: { '.read': "data.child('public').val() === true" } },
    nested: { '.read': "auth.token.role === 'x' || (true ? data.hasChildren(['a']) : false)" },
    feed: { '.read': "query.orderByChild === 'owner' && query.equalTo === auth.uid" },
  });

  it('is false where every consulted .read uses only auth, now, $vars and query', () => {
    expect(rules.readDependsOnData(p('public'))).toBe(false);
    expect(rules.readDependsOnData(p('public/x/y'))).toBe(false);
    expect(rules.readDependsOnData(p('mine/ala'))).toBe(false);
    expect(rules.readDependsOnData(p('feed'))).toBe(false);
    expect(rules.readDependsOnData(p(''))).toBe(false);
    expect(rules.readDependsOnData(p('unknown/place'))).toBe(false);
  });

  it('is true where a consulted .read references root or data, at the location or above it', () => {
    expect(rules.readDependsOnData(p('groups/g1'))).toBe(true);
    expect(rules.readDependsOnData(p('groups/g1/deep'))).toBe(true);
    expect(rules.readDependsOnData(p('posts/1'))).toBe(true);
    expect(rules.readDependsOnData(p('nested'))).toBe(true);
  });

  it('ignores .read rules below the location (they are never consulted for it)', () => {
    expect(rules.readDependsOnData(p('groups'))).toBe(false);
    expect(rules.readDependsOnData(p('posts'))).toBe(false);
  });
});
