import { describe, expect, it } from 'vitest';
import { compileRules, OPEN_RULES_SOURCE, RulesError } from '../../src/rules/index.js';
import { canRead, compile, set } from './helpers.js';

function compileError(source: string): string {
  try {
    compileRules(source);
  } catch (err) {
    expect(err).toBeInstanceOf(RulesError);
    return (err as Error).message;
  }
  throw new Error('expected a RulesError');
}

function ruleError(rules: unknown): string {
  return compileError(JSON.stringify({ rules }, null, 2));
}

describe('compileRules: source format', () => {
  it('accepts // and /* */ comments, but not inside strings', () => {
    const rules = compileRules(`{
      // line comment with "quotes" and /* a fake block
      "rules": {
        /* block
           comment */
        ".read": "'a//b' == 'a//b'", // trailing comment
        ".write": "'/*x*/'.length == 5"
      }
    }`);
    expect(canRead(rules, null, '/')).toBe(true);
    expect(set(rules, null, '/x', 1).allowed).toBe(true);
    expect(rules.source).toEqual({ rules: { '.read': "'a//b' == 'a//b'", '.write': "'/*x*/'.length == 5" } });
  });

  it('reports JSON syntax errors with the line', () => {
    const msg = compileError('{\n  "rules": {\n    ".read": true,\n  }\n}');
    expect(msg).toMatch(/^Error saving rules - Line 4: /);
  });

  it('refuses an unterminated block comment', () => {
    expect(compileError('{"rules": {}} /* open')).toMatch(/Unterminated comment/);
  });

  it('requires the top-level "rules" object and nothing else', () => {
    expect(compileError('{}')).toMatch(/Missing the top-level "rules" key/);
    expect(compileError('[]')).toMatch(/must contain a JSON object/);
    expect(compileError('{"rules": {}, "other": 1}')).toMatch(/Unknown top-level key 'other'/);
    expect(compileError('{"rules": true}')).toMatch(/\/rules: Expected an object/);
  });

  it('OPEN_RULES_SOURCE is what the official emulator reports without rules: everything open', () => {
    expect(JSON.parse(OPEN_RULES_SOURCE)).toEqual({ rules: { '.read': true, '.write': true } });
    const open = compileRules(OPEN_RULES_SOURCE);
    expect(canRead(open, { a: 1 }, '/')).toBe(true);
    expect(set(open, null, '/', { a: 1 }).allowed).toBe(true);
  });

  it('treats an empty rules object as deny-all', () => {
    const rules = compile({});
    expect(canRead(rules, { a: 1 }, '/a')).toBe(false);
    expect(set(rules, null, '/a', 1).allowed).toBe(false);
  });
});

describe('compileRules: invalid rules name the rule path, the line and the problem', () => {
  it('unknown variable', () => {
    const source = `{
  "rules": {
    "users": {
      "$uid": {
        ".read": "foo == 1"
      }
    }
  }
}`;
    expect(compileError(source)).toBe("Error saving rules - Line 5: /rules/users/$uid/.read: Unknown variable 'foo'.");
  });

  it('a $variable not captured above the rule', () => {
    expect(ruleError({ a: { '.read': '$uid == auth.uid' } })).toMatch(/\/rules\/a\/\.read: Unknown variable '\$uid'/);
  });

  it('newData in .read and query in .write are unknown variables', () => {
    expect(ruleError({ '.read': 'newData.exists()' })).toMatch(/\/rules\/\.read: Unknown variable 'newData'/);
    expect(ruleError({ '.write': "query.orderByChild == 'a'" })).toMatch(/\/rules\/\.write: Unknown variable 'query'/);
    expect(ruleError({ '.validate': 'query.limitToFirst == 1' })).toMatch(/Unknown variable 'query'/);
  });

  it('unknown rule types', () => {
    expect(ruleError({ a: { '.reed': true } })).toMatch(/\/rules\/a\/\.reed: Unknown rule type '\.reed'/);
    expect(ruleError({ '.value': true })).toMatch(/Unknown rule type/);
  });

  it('two wildcards at one level, and a repeated wildcard name', () => {
    expect(ruleError({ a: { $x: {}, $y: {} } })).toMatch(/\/rules\/a\/\$y: Only one wildcard/);
    expect(ruleError({ $x: { $x: {} } })).toMatch(/\/rules\/\$x\/\$x: The wildcard '\$x' is already used/);
  });

  it('wrong value types', () => {
    expect(ruleError({ '.read': 1 })).toMatch(
      /\/rules\/\.read: Expected a boolean or an expression string, found number/,
    );
    expect(ruleError({ a: 'true' })).toMatch(/\/rules\/a: Expected an object of rules, found string/);
    expect(ruleError({ a: { '.indexOn': 5 } })).toMatch(
      /\/rules\/a\/\.indexOn: \.indexOn must be a string or an array/,
    );
    expect(ruleError({ a: { '.indexOn': ['x', 1] } })).toMatch(/\.indexOn must be/);
  });

  it('wildcard names may be any valid key; identifier-like ones are usable in expressions', () => {
    expect(() => compile({ '$user-id': { '.read': true } })).not.toThrow();
    expect(() => compile({ $uid: { '.read': '$uid != null' } })).not.toThrow();
    expect(ruleError({ $: {} })).toMatch(/Invalid wildcard name/);
  });

  it('invalid keys', () => {
    expect(ruleError({ 'a#b': {} })).toMatch(/Invalid key 'a#b'/);
    expect(ruleError({ a$b: {} })).toMatch(/Invalid key 'a\$b'/);
  });

  it('syntax errors', () => {
    expect(ruleError({ '.read': 'auth != ' })).toMatch(/\/rules\/\.read: Unexpected end of expression/);
    expect(ruleError({ '.read': 'auth = null' })).toMatch(/Unexpected character '='/);
    expect(ruleError({ '.read': "'unterminated" })).toMatch(/Unterminated string literal/);
    expect(ruleError({ '.read': '' })).toMatch(/Empty expression/);
    expect(ruleError({ '.read': 'true true' })).toMatch(/Unexpected/);
  });

  it('expressions that are not boolean', () => {
    expect(ruleError({ '.read': "'yes'" })).toMatch(/Expression must evaluate to a boolean, not string/);
    expect(ruleError({ '.read': '1' })).toMatch(/not number/);
    expect(ruleError({ '.read': 'data' })).toMatch(/not RuleDataSnapshot/);
    expect(ruleError({ '.read': 'data.child("a")' })).toMatch(/not RuleDataSnapshot/);
  });

  it('type errors that can be proven at compile time', () => {
    expect(ruleError({ '.read': 'data.foo()' })).toMatch(/No such method\/property 'foo' on RuleDataSnapshot/);
    expect(ruleError({ '.read': 'data.val == null' })).toMatch(/Method 'val' must be called/);
    expect(ruleError({ '.read': 'data == null' })).toMatch(/Invalid == expression: left operand is RuleDataSnapshot/);
    expect(ruleError({ '.read': "1 < 'a'" })).toMatch(/different types/);
    expect(ruleError({ '.read': '!now' })).toMatch(/Invalid ! expression/);
    expect(ruleError({ '.read': "now - 'a' > 0" })).toMatch(/Invalid - expression: right operand is string/);
    expect(ruleError({ '.read': 'now.length > 0' })).toMatch(/No such method\/property 'length' on number/);
    expect(ruleError({ '.read': "'abc'.size == 3" })).toMatch(/No such method\/property 'size' on string/);
    expect(ruleError({ '.read': 'data.child(1).exists()' })).toMatch(/child\(\) expects a string/);
    expect(ruleError({ '.read': 'data.exists(1)' })).toMatch(/exists\(\) takes no arguments/);
    expect(ruleError({ '.read': "data.hasChildren('a')" })).toMatch(/hasChildren\(\) expects an array/);
    expect(ruleError({ '.read': "'a'.contains()" })).toMatch(/contains\(\) takes 1 argument/);
    expect(ruleError({ '.read': 'now ? true : false' })).toMatch(/Condition of \?: must be boolean/);
    expect(ruleError({ '.read': 'now && true' })).toMatch(/Left operand of && must be boolean/);
    expect(ruleError({ '.read': "query.orderBySomething == 'x'" })).toMatch(
      /No such method\/property 'orderBySomething' on Query/,
    );
  });

  it('regular expressions only as the argument of matches(), with supported flags', () => {
    expect(ruleError({ '.read': '/abc/ == null' })).toMatch(
      /Regular expressions may only be used as the argument of matches\(\)/,
    );
    expect(ruleError({ '.read': "auth.uid.matches('abc')" })).toMatch(
      /matches\(\) expects a regular expression literal/,
    );
    expect(ruleError({ '.read': 'auth.uid.matches(/(abc/)' })).toMatch(/Invalid regular expression/);
    expect(ruleError({ '.read': 'auth.uid.matches(/abc/g)' })).toMatch(/Unsupported regular expression flags 'g'/);
  });

  it('never evaluates JavaScript', () => {
    expect(ruleError({ '.read': "constructor.constructor('return process')() == null" })).toMatch(
      /Only methods can be called/,
    );
    expect(ruleError({ '.read': "auth.constructor.constructor('return process') == null" })).toMatch(
      /'constructor' is not a method/,
    );
    // Inherited JavaScript properties are not visible as claims.
    const rules = compile({ '.read': 'auth.constructor == null && auth.token.toString == null' });
    expect(canRead(rules, null, '/', { uid: 'u', token: {} })).toBe(true);
    expect(ruleError({ '.read': 'function(){}' })).toMatch(/Unknown variable 'function'|Unexpected/);
  });
});
