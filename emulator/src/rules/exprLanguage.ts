// The rules language as both halves of the expression engine see it: the built-in methods of
// snapshots and strings with their signatures, the two kinds of failure, and regex literals.
// exprCheck.ts type-checks an expression when the rules are saved; exprEval.ts turns a checked
// expression into a function that evaluates it on each read or write (the split of the rules
// reference: what a rule may say vs what it means against data).
//
// The rules language is stricter than JavaScript: no implicit conversions, `&&`/`||`/`!`/`?:`
// want booleans, arithmetic wants numbers, comparisons want two strings or two numbers. What can
// be proven wrong at compile time is refused when the rules are saved; everything else is checked
// while evaluating, and a failure there makes the whole rule evaluate to false (RuleEvalError).

import type { Expr } from './parser.js';

export type StaticType =
  'boolean' | 'number' | 'string' | 'null' | 'snapshot' | 'query' | 'regex' | 'array' | 'any' | `method:${string}`;

export type RuleKind = '.read' | '.write' | '.validate';

/** A type error found at compile time; `pos` is the offset inside the expression. */
export class ExpressionTypeError extends Error {
  constructor(
    message: string,
    readonly pos: number,
  ) {
    super(message);
  }
}

/** An error while evaluating; the rule evaluates to false. */
export class RuleEvalError extends Error {}

export const SNAPSHOT_METHODS: Record<string, { args: 'none' | 'string' | 'keys'; returns: StaticType }> = {
  val: { args: 'none', returns: 'any' },
  child: { args: 'string', returns: 'snapshot' },
  parent: { args: 'none', returns: 'snapshot' },
  hasChild: { args: 'string', returns: 'boolean' },
  hasChildren: { args: 'keys', returns: 'boolean' },
  exists: { args: 'none', returns: 'boolean' },
  getPriority: { args: 'none', returns: 'any' },
  isNumber: { args: 'none', returns: 'boolean' },
  isString: { args: 'none', returns: 'boolean' },
  isBoolean: { args: 'none', returns: 'boolean' },
};

export const STRING_METHODS: Record<string, { args: ('string' | 'regex')[]; returns: StaticType }> = {
  contains: { args: ['string'], returns: 'boolean' },
  beginsWith: { args: ['string'], returns: 'boolean' },
  endsWith: { args: ['string'], returns: 'boolean' },
  replace: { args: ['string', 'string'], returns: 'string' },
  toLowerCase: { args: [], returns: 'string' },
  toUpperCase: { args: [], returns: 'string' },
  matches: { args: ['regex'], returns: 'boolean' },
};

export const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

const regexCache = new WeakMap<Expr, RegExp>();

/** A regex literal (the argument of matches()) as a RegExp, compiled once; throws ExpressionTypeError. */
export function compileRegex(e: Extract<Expr, { kind: 'regex' }>): RegExp {
  let re = regexCache.get(e);
  if (re) return re;
  if (!/^i?$/.test(e.flags))
    throw new ExpressionTypeError(`Unsupported regular expression flags '${e.flags}' (only 'i' is supported).`, e.pos);
  try {
    re = new RegExp(e.source, e.flags);
  } catch (err) {
    throw new ExpressionTypeError(`Invalid regular expression: ${(err as Error).message}`, e.pos);
  }
  regexCache.set(e, re);
  return re;
}
