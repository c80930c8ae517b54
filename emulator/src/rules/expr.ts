// Static type checking and evaluation of parsed rule expressions.
//
// The rules language is stricter than JavaScript: no implicit conversions, `&&`/`||`/`!`/`?:`
// want booleans, arithmetic wants numbers, comparisons want two strings or two numbers. What can
// be proven wrong at compile time is refused when the rules are saved; everything else is checked
// while evaluating, and a failure there makes the whole rule evaluate to false (RuleEvalError).

import { validateKey, type DataNode, type Path } from '../core/index.js';
import type { BinaryOp, Expr } from './parser.js';

export type StaticType = 'boolean' | 'number' | 'string' | 'null' | 'snapshot' | 'query' | 'regex' | 'array' | 'any' | `method:${string}`;

export type RuleKind = '.read' | '.write' | '.validate';

/** A type error found at compile time; `pos` is the offset inside the expression. */
export class ExpressionTypeError extends Error {
  constructor(message: string, readonly pos: number) {
    super(message);
  }
}

/** An error while evaluating; the rule evaluates to false. */
export class RuleEvalError extends Error {}

const SNAPSHOT_METHODS: Record<string, { args: 'none' | 'string' | 'keys'; returns: StaticType }> = {
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

const STRING_METHODS: Record<string, { args: ('string' | 'regex')[]; returns: StaticType }> = {
  contains: { args: ['string'], returns: 'boolean' },
  beginsWith: { args: ['string'], returns: 'boolean' },
  endsWith: { args: ['string'], returns: 'boolean' },
  replace: { args: ['string', 'string'], returns: 'string' },
  toLowerCase: { args: [], returns: 'string' },
  toUpperCase: { args: [], returns: 'string' },
  matches: { args: ['regex'], returns: 'boolean' },
};

const QUERY_PROPERTIES: Record<string, StaticType> = {
  orderByKey: 'boolean',
  orderByPriority: 'boolean',
  orderByValue: 'boolean',
  orderByChild: 'any', // string or null
  startAt: 'any',
  endAt: 'any',
  equalTo: 'any',
  limitToFirst: 'any', // number or null
  limitToLast: 'any',
};

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

// ---------------------------------------------------------------------------------------------
// Compile-time checking

export interface CheckScope {
  kind: RuleKind;
  wildcards: ReadonlySet<string>;
}

function variableType(name: string, scope: CheckScope): StaticType | undefined {
  switch (name) {
    case 'auth':
      return 'any';
    case 'root':
    case 'data':
      return 'snapshot';
    case 'now':
      return 'number';
    case 'newData':
      return scope.kind === '.read' ? undefined : 'snapshot';
    case 'query':
      return scope.kind === '.read' ? 'query' : undefined;
  }
  if (name.startsWith('$') && scope.wildcards.has(name)) return 'string';
  return undefined;
}

const isFuzzy = (t: StaticType): boolean => t === 'any';
const can = (t: StaticType, ...allowed: StaticType[]): boolean => isFuzzy(t) || allowed.includes(t);

function typeName(t: StaticType): string {
  if (t.startsWith('method:')) return 'method';
  return t === 'snapshot' ? 'RuleDataSnapshot' : t === 'query' ? 'Query' : t === 'regex' ? 'RegExp' : t;
}

/** Type-checks an expression; throws ExpressionTypeError. Regex literals are compiled here. */
export function checkRule(expr: Expr, scope: CheckScope): void {
  const t = check(expr, scope);
  if (!can(t, 'boolean')) throw new ExpressionTypeError(`Expression must evaluate to a boolean, not ${typeName(t)}.`, expr.pos);
}

function check(e: Expr, scope: CheckScope): StaticType {
  switch (e.kind) {
    case 'literal':
      return e.value === null ? 'null' : (typeof e.value as StaticType);
    case 'regex':
      throw new ExpressionTypeError('Regular expressions may only be used as the argument of matches().', e.pos);
    case 'array':
      throw new ExpressionTypeError('Arrays may only be used as the argument of hasChildren().', e.pos);
    case 'ident': {
      const t = variableType(e.name, scope);
      if (!t) throw new ExpressionTypeError(`Unknown variable '${e.name}'.`, e.pos);
      return t;
    }
    case 'member': {
      const ot = value(check(e.object, scope), e.object);
      return memberType(ot, e.property, e.pos);
    }
    case 'index': {
      const ot = value(check(e.object, scope), e.object);
      const it = value(check(e.index, scope), e.index);
      if (!isFuzzy(ot)) throw new ExpressionTypeError(`Invalid property access on ${typeName(ot)}.`, e.pos);
      if (!can(it, 'string', 'number')) throw new ExpressionTypeError('Property names must be strings.', e.index.pos);
      return 'any';
    }
    case 'call':
      return checkCall(e, scope);
    case 'unary': {
      const t = value(check(e.arg, scope), e.arg);
      if (e.op === '!') {
        if (!can(t, 'boolean')) throw new ExpressionTypeError(`Invalid ! expression: operand is ${typeName(t)}, not boolean.`, e.pos);
        return 'boolean';
      }
      if (!can(t, 'number')) throw new ExpressionTypeError(`Invalid - expression: operand is ${typeName(t)}, not number.`, e.pos);
      return 'number';
    }
    case 'logical': {
      for (const [side, operand] of [['Left', e.left], ['Right', e.right]] as const) {
        const t = value(check(operand, scope), operand);
        if (!can(t, 'boolean')) throw new ExpressionTypeError(`${side} operand of ${e.op} must be boolean, not ${typeName(t)}.`, operand.pos);
      }
      return 'boolean';
    }
    case 'conditional': {
      const tt = value(check(e.test, scope), e.test);
      if (!can(tt, 'boolean')) throw new ExpressionTypeError(`Condition of ?: must be boolean, not ${typeName(tt)}.`, e.test.pos);
      const a = value(check(e.then, scope), e.then);
      const b = value(check(e.otherwise, scope), e.otherwise);
      return a === b ? a : 'any';
    }
    case 'binary': {
      const l = value(check(e.left, scope), e.left);
      const r = value(check(e.right, scope), e.right);
      const bad = (side: string, t: StaticType, wanted: string): never => {
        throw new ExpressionTypeError(`Invalid ${e.op} expression: ${side} operand is ${typeName(t)}, expected ${wanted}.`, e.pos);
      };
      switch (e.op) {
        case '+':
          if (!can(l, 'string', 'number')) bad('left', l, 'string or number');
          if (!can(r, 'string', 'number')) bad('right', r, 'string or number');
          if (l === 'string' || r === 'string') return 'string';
          if (l === 'number' && r === 'number') return 'number';
          return 'any';
        case '-':
        case '*':
        case '/':
        case '%':
          if (!can(l, 'number')) bad('left', l, 'number');
          if (!can(r, 'number')) bad('right', r, 'number');
          return 'number';
        case '==':
        case '===':
        case '!=':
        case '!==':
          if (!can(l, 'string', 'number', 'boolean', 'null')) bad('left', l, 'a value');
          if (!can(r, 'string', 'number', 'boolean', 'null')) bad('right', r, 'a value');
          return 'boolean';
        default:
          if (!can(l, 'string', 'number', 'null')) bad('left', l, 'string or number');
          if (!can(r, 'string', 'number', 'null')) bad('right', r, 'string or number');
          if (!isFuzzy(l) && !isFuzzy(r) && l !== r) {
            throw new ExpressionTypeError(`Invalid ${e.op} expression: left and right operands have different types (${l}, ${r}).`, e.pos);
          }
          return 'boolean';
      }
    }
  }
}

// A method reference is only legal as the callee of a call.
function value(t: StaticType, e: Expr): StaticType {
  if (t.startsWith('method:')) throw new ExpressionTypeError(`Method '${t.slice(7)}' must be called.`, e.pos);
  return t;
}

function memberType(ot: StaticType, prop: string, pos: number): StaticType {
  const noSuch = (): never => {
    throw new ExpressionTypeError(`No such method/property '${prop}' on ${typeName(ot)}.`, pos);
  };
  switch (ot) {
    case 'snapshot':
      return hasOwn(SNAPSHOT_METHODS, prop) ? `method:${prop}` : noSuch();
    case 'query':
      return hasOwn(QUERY_PROPERTIES, prop) ? QUERY_PROPERTIES[prop] : noSuch();
    case 'string':
      if (prop === 'length') return 'number';
      return hasOwn(STRING_METHODS, prop) ? `method:${prop}` : noSuch();
    case 'any':
      // Could be an auth object, a string, a value from val(): decided at run time.
      return hasOwn(STRING_METHODS, prop) ? `method:${prop}` : 'any';
    default:
      return noSuch();
  }
}

function checkCall(e: Extract<Expr, { kind: 'call' }>, scope: CheckScope): StaticType {
  if (e.callee.kind !== 'member') throw new ExpressionTypeError('Only methods can be called.', e.pos);
  const ot = value(check(e.callee.object, scope), e.callee.object);
  const name = e.callee.property;
  const ct = memberType(ot, name, e.callee.pos);
  if (!ct.startsWith('method:')) throw new ExpressionTypeError(`'${name}' is not a method.`, e.callee.pos);
  if (ot === 'snapshot') {
    const sig = SNAPSHOT_METHODS[name];
    if (sig.args === 'none') {
      if (e.args.length !== 0) throw new ExpressionTypeError(`${name}() takes no arguments.`, e.pos);
    } else if (sig.args === 'string') {
      if (e.args.length !== 1) throw new ExpressionTypeError(`${name}() takes exactly one argument.`, e.pos);
      const at = value(check(e.args[0], scope), e.args[0]);
      if (!can(at, 'string')) throw new ExpressionTypeError(`${name}() expects a string, not ${typeName(at)}.`, e.args[0].pos);
    } else {
      if (e.args.length > 1) throw new ExpressionTypeError('hasChildren() takes at most one argument.', e.pos);
      if (e.args.length === 1) {
        const arr = e.args[0];
        if (arr.kind !== 'array') throw new ExpressionTypeError('hasChildren() expects an array of strings.', arr.pos);
        if (arr.elements.length === 0) throw new ExpressionTypeError('hasChildren() expects a non-empty array of strings.', arr.pos);
        for (const el of arr.elements) {
          const t = value(check(el, scope), el);
          if (!can(t, 'string')) throw new ExpressionTypeError('hasChildren() expects an array of strings.', el.pos);
        }
      }
    }
    return sig.returns;
  }
  // String method, on a string or on a value of unknown type.
  const sig = STRING_METHODS[name];
  if (e.args.length !== sig.args.length) {
    throw new ExpressionTypeError(`${name}() takes ${sig.args.length} argument${sig.args.length === 1 ? '' : 's'}.`, e.pos);
  }
  sig.args.forEach((wanted, k) => {
    const arg = e.args[k];
    if (wanted === 'regex') {
      if (arg.kind !== 'regex') throw new ExpressionTypeError('matches() expects a regular expression literal.', arg.pos);
      compileRegex(arg);
      return;
    }
    const at = value(check(arg, scope), arg);
    if (!can(at, 'string')) throw new ExpressionTypeError(`${name}() expects string arguments, not ${typeName(at)}.`, arg.pos);
  });
  return sig.returns;
}

const regexCache = new WeakMap<Expr, RegExp>();

function compileRegex(e: Extract<Expr, { kind: 'regex' }>): RegExp {
  let re = regexCache.get(e);
  if (re) return re;
  if (!/^i?$/.test(e.flags)) throw new ExpressionTypeError(`Unsupported regular expression flags '${e.flags}' (only 'i' is supported).`, e.pos);
  try {
    re = new RegExp(e.source, e.flags);
  } catch (err) {
    throw new ExpressionTypeError(`Invalid regular expression: ${(err as Error).message}`, e.pos);
  }
  regexCache.set(e, re);
  return re;
}

// ---------------------------------------------------------------------------------------------
// Evaluation

/** A read-only view of one location of a database state (RuleDataSnapshot in the docs). */
export class RuleSnapshot {
  private cachedNode: DataNode | undefined;
  private cachedPath: Path | undefined;
  /**
   * Either `path` is given, or `parent` and `relative` (a child() result): rules chain child() calls
   * (root.child('products').child(id).child('variants')…), so a child finds its node one step down
   * from its parent's, and builds its absolute path only if something asks for it (parent()).
   */
  constructor(
    readonly root: DataNode,
    path: Path | undefined,
    node?: DataNode,
    private readonly parentSnapshot?: RuleSnapshot,
    private readonly relative?: readonly string[],
  ) {
    this.cachedPath = path;
    this.cachedNode = node;
  }
  get path(): Path {
    return (this.cachedPath ??= [...this.parentSnapshot!.path, ...this.relative!]);
  }
  node(): DataNode {
    if (this.cachedNode !== undefined) return this.cachedNode;
    this.cachedNode = this.parentSnapshot ? this.parentSnapshot.node().getChild(this.relative!) : this.root.getChild(this.path);
    return this.cachedNode;
  }
  child(relative: string): RuleSnapshot {
    return new RuleSnapshot(this.root, undefined, undefined, this, splitChildPath(relative));
  }
  /** The node at a relative path, without a snapshot for it (hasChild, hasChildren). */
  childNode(relative: string): DataNode {
    return this.node().getChild(splitChildPath(relative));
  }
  parent(): RuleSnapshot {
    if (this.parentSnapshot && this.relative!.length === 1) return this.parentSnapshot;
    const path = this.path;
    if (path.length === 0) throw new RuleEvalError('The root has no parent.');
    return new RuleSnapshot(this.root, path.slice(0, -1));
  }
}

// Rules call child() with a handful of distinct arguments (literals and $vars), once per evaluated
// rule on every write: each argument is split and validated once. The cache is cleared when it
// grows large, so data-derived arguments (child(newData.val())) cannot make it grow without bound.
const childPathCache = new Map<string, readonly string[]>();
const CHILD_PATH_CACHE_LIMIT = 4096;

function splitChildPath(relative: string): readonly string[] {
  const cached = childPathCache.get(relative);
  if (cached) return cached;
  const parts = relative.split('/').filter((p) => p !== '');
  if (parts.length === 0) throw new RuleEvalError(`Invalid child path '${relative}'.`);
  for (const p of parts) {
    try {
      validateKey(p);
    } catch {
      throw new RuleEvalError(`Invalid child path '${relative}'.`);
    }
  }
  if (childPathCache.size >= CHILD_PATH_CACHE_LIMIT) childPathCache.clear();
  childPathCache.set(relative, parts);
  return parts;
}

/** The `query` variable of query-based rules. */
export interface RuleQuery {
  orderByKey: boolean;
  orderByPriority: boolean;
  orderByValue: boolean;
  orderByChild: string | null;
  startAt: unknown;
  endAt: unknown;
  equalTo: unknown;
  limitToFirst: number | null;
  limitToLast: number | null;
}

export interface EvalContext {
  auth: unknown;
  now: number;
  root: RuleSnapshot;
  data: RuleSnapshot;
  newData?: RuleSnapshot;
  query?: RuleQuery;
  vars: Readonly<Record<string, string>>;
}

/** A checked rule expression turned into a function of its variables (see compileExpression). */
export type RuleFunction = (ctx: EvalContext) => boolean;
type Evaluator = (ctx: EvalContext) => unknown;

/**
 * Turns a checked rule expression into a function, once, when the rules are loaded: every node of
 * the expression becomes a closure that knows its operator, method and arguments, so evaluating a
 * rule on a write runs straight-line code instead of re-inspecting the syntax tree on each node.
 * The function throws RuleEvalError when the rule must count as false; nothing is evaluated with
 * eval or Function.
 */
export function compileExpression(expr: Expr): RuleFunction {
  const evaluate = compileNode(expr);
  return (ctx) => {
    const v = evaluate(ctx);
    if (typeof v !== 'boolean') throw new RuleEvalError(`Rule evaluated to ${describeValue(v)}, not a boolean.`);
    return v;
  };
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (v instanceof RuleSnapshot) return 'a snapshot';
  if (typeof v === 'string') return `string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}

function bool(v: unknown, what: string): boolean {
  if (typeof v !== 'boolean') throw new RuleEvalError(`${what} must be boolean, got ${describeValue(v)}.`);
  return v;
}

function compileNode(e: Expr): Evaluator {
  switch (e.kind) {
    case 'literal': {
      const value = e.value;
      return () => value;
    }
    case 'ident':
      return compileIdent(e.name);
    case 'member': {
      const object = compileNode(e.object);
      const property = e.property;
      return (ctx) => getProperty(object(ctx), property);
    }
    case 'index': {
      const object = compileNode(e.object);
      const index = compileNode(e.index);
      return (ctx) => {
        const key = index(ctx);
        if (typeof key !== 'string' && typeof key !== 'number') throw new RuleEvalError('Property names must be strings.');
        return getProperty(object(ctx), String(key));
      };
    }
    case 'call':
      return compileCall(e);
    case 'unary': {
      const arg = compileNode(e.arg);
      if (e.op === '!') return (ctx) => !bool(arg(ctx), 'Operand of !');
      return (ctx) => {
        const v = arg(ctx);
        if (typeof v !== 'number') throw new RuleEvalError(`Operand of - must be a number, got ${describeValue(v)}.`);
        return -v;
      };
    }
    case 'logical': {
      const left = compileNode(e.left);
      const right = compileNode(e.right);
      const leftWhat = `Left operand of ${e.op}`;
      const rightWhat = `Right operand of ${e.op}`;
      if (e.op === '&&') return (ctx) => bool(left(ctx), leftWhat) && bool(right(ctx), rightWhat);
      return (ctx) => bool(left(ctx), leftWhat) || bool(right(ctx), rightWhat);
    }
    case 'conditional': {
      const test = compileNode(e.test);
      const then = compileNode(e.then);
      const otherwise = compileNode(e.otherwise);
      return (ctx) => (bool(test(ctx), 'Condition of ?:') ? then(ctx) : otherwise(ctx));
    }
    case 'binary':
      return compileBinary(e.op, compileNode(e.left), compileNode(e.right));
    case 'regex':
    case 'array': {
      // Only reachable as call arguments, which compileCall handles itself.
      const kind = e.kind;
      return () => {
        throw new RuleEvalError(`Unexpected ${kind}.`);
      };
    }
  }
}

function compileIdent(name: string): Evaluator {
  switch (name) {
    case 'auth':
      return (ctx) => ctx.auth ?? null;
    case 'now':
      return (ctx) => ctx.now;
    case 'root':
      return (ctx) => ctx.root;
    case 'data':
      return (ctx) => ctx.data;
    case 'newData':
      return (ctx) => {
        const newData = ctx.newData;
        if (!newData) throw new RuleEvalError('newData is not available here.');
        return newData;
      };
    case 'query':
      return (ctx) => ctx.query ?? DEFAULT_RULE_QUERY;
  }
  return (ctx) => {
    if (hasOwn(ctx.vars, name)) return ctx.vars[name];
    throw new RuleEvalError(`Unknown variable '${name}'.`);
  };
}

export const DEFAULT_RULE_QUERY: RuleQuery = Object.freeze({
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

function getProperty(obj: unknown, prop: string): unknown {
  // Like the real service, reading a property of null (e.g. auth.uid when signed out) gives null.
  if (obj === null || obj === undefined) return null;
  if (typeof obj === 'string') {
    if (prop === 'length') return obj.length;
    throw new RuleEvalError(`No such property '${prop}' on a string.`);
  }
  if (obj instanceof RuleSnapshot) throw new RuleEvalError(`Snapshot method '${prop}' must be called.`);
  if (typeof obj === 'object') {
    if (Array.isArray(obj)) throw new RuleEvalError(`No such property '${prop}' on an array.`);
    return hasOwn(obj, prop) ? ((obj as Record<string, unknown>)[prop] ?? null) : null;
  }
  throw new RuleEvalError(`No such property '${prop}' on ${describeValue(obj)}.`);
}

function requireString(v: unknown, what: string): string {
  if (typeof v !== 'string') throw new RuleEvalError(`${what} expects a string, got ${describeValue(v)}.`);
  return v;
}

/** The string value of a compiled method argument (absent only in a call the checker let through). */
function stringArgument(arg: Evaluator | undefined, ctx: EvalContext, what: string): string {
  if (!arg) throw new RuleEvalError(`${what} expects a string, got nothing.`);
  return requireString(arg(ctx), what);
}

function cannotCall(name: string, target: unknown): RuleEvalError {
  return new RuleEvalError(`Cannot call ${name}() on ${describeValue(target)}.`);
}

/** A method call: snapshot methods on snapshots, string methods on strings, anything else fails. */
function compileCall(e: Extract<Expr, { kind: 'call' }>): Evaluator {
  const callee = e.callee;
  if (callee.kind !== 'member') {
    return () => {
      throw new RuleEvalError('Only methods can be called.');
    };
  }
  const target = compileNode(callee.object);
  const name = callee.property;
  if (hasOwn(SNAPSHOT_METHODS, name)) {
    const method = compileSnapshotMethod(name, e.args);
    return (ctx) => {
      const t = target(ctx);
      if (t instanceof RuleSnapshot) return method(t, ctx);
      throw cannotCall(name, t);
    };
  }
  if (hasOwn(STRING_METHODS, name)) {
    const method = compileStringMethod(name, e.args);
    return (ctx) => {
      const t = target(ctx);
      if (typeof t === 'string') return method(t, ctx);
      if (t instanceof RuleSnapshot) throw new RuleEvalError(`No such method '${name}' on a snapshot.`);
      throw cannotCall(name, t);
    };
  }
  return (ctx) => {
    const t = target(ctx);
    if (t instanceof RuleSnapshot) throw new RuleEvalError(`No such method '${name}' on a snapshot.`);
    throw cannotCall(name, t);
  };
}

function compileSnapshotMethod(name: string, args: Expr[]): (s: RuleSnapshot, ctx: EvalContext) => unknown {
  const arg0 = args.length > 0 ? compileNode(args[0]) : undefined;
  switch (name) {
    case 'val':
      return (s) => {
        const node = s.node();
        return node.isLeaf() ? node.getValue() : node.val();
      };
    case 'child':
      return (s, ctx) => s.child(stringArgument(arg0, ctx, 'child()'));
    case 'parent':
      return (s) => s.parent();
    case 'hasChild':
      return (s, ctx) => !s.childNode(stringArgument(arg0, ctx, 'hasChild()')).isEmpty();
    case 'hasChildren': {
      if (args.length === 0) {
        return (s) => {
          const node = s.node();
          return !node.isLeaf() && node.numChildren() > 0;
        };
      }
      const arr = args[0];
      if (arr.kind !== 'array') {
        return () => {
          throw new RuleEvalError('hasChildren() expects an array of strings.');
        };
      }
      const elements = arr.elements.map(compileNode);
      return (s, ctx) => {
        for (const element of elements) {
          if (s.childNode(requireString(element(ctx), 'hasChildren()')).isEmpty()) return false;
        }
        return true;
      };
    }
    case 'exists':
      return (s) => !s.node().isEmpty();
    case 'getPriority':
      return (s) => s.node().getPriority() ?? null;
    case 'isNumber':
      return (s) => {
        const node = s.node();
        return node.isLeaf() && typeof node.getValue() === 'number';
      };
    case 'isString':
      return (s) => {
        const node = s.node();
        return node.isLeaf() && typeof node.getValue() === 'string';
      };
    case 'isBoolean':
      return (s) => {
        const node = s.node();
        return node.isLeaf() && typeof node.getValue() === 'boolean';
      };
  }
  throw new Error(`snapshot method ${name} has no implementation`);
}

function compileStringMethod(name: string, args: Expr[]): (target: string, ctx: EvalContext) => unknown {
  const [first, second] = args.map(compileNode);
  switch (name) {
    case 'contains':
      return (t, ctx) => t.includes(stringArgument(first, ctx, 'contains()'));
    case 'beginsWith':
      return (t, ctx) => t.startsWith(stringArgument(first, ctx, 'beginsWith()'));
    case 'endsWith':
      return (t, ctx) => t.endsWith(stringArgument(first, ctx, 'endsWith()'));
    case 'replace':
      return (t, ctx) => {
        const from = stringArgument(first, ctx, 'replace()');
        const to = stringArgument(second, ctx, 'replace()');
        // Replaces every occurrence, literally (no patterns, no '$&' substitutions).
        return from === '' ? t : t.split(from).join(to);
      };
    case 'toLowerCase':
      return (t) => t.toLowerCase();
    case 'toUpperCase':
      return (t) => t.toUpperCase();
    case 'matches': {
      const arg = args[0];
      if (arg?.kind !== 'regex') {
        return () => {
          throw new RuleEvalError('matches() expects a regular expression literal.');
        };
      }
      let re: RegExp | undefined;
      return (t) => (re ??= compileRegex(arg)).test(t);
    }
  }
  throw new Error(`string method ${name} has no implementation`);
}

function compileBinary(op: BinaryOp, left: Evaluator, right: Evaluator): Evaluator {
  switch (op) {
    case '+':
      return (ctx) => {
        const l = left(ctx);
        const r = right(ctx);
        if (typeof l === 'number' && typeof r === 'number') return l + r;
        if ((typeof l === 'string' || typeof l === 'number') && (typeof r === 'string' || typeof r === 'number')) return String(l) + String(r);
        throw new RuleEvalError(`Invalid + operands: ${describeValue(l)} and ${describeValue(r)}.`);
      };
    case '-':
    case '*':
    case '/':
    case '%': {
      const apply = op === '-' ? (a: number, b: number) => a - b : op === '*' ? (a: number, b: number) => a * b : op === '/' ? (a: number, b: number) => a / b : (a: number, b: number) => a % b;
      return (ctx) => {
        const l = left(ctx);
        const r = right(ctx);
        if (typeof l !== 'number' || typeof r !== 'number') throw new RuleEvalError(`Invalid ${op} operands: ${describeValue(l)} and ${describeValue(r)}.`);
        return apply(l, r);
      };
    }
    case '==':
    case '===':
      return (ctx) => equals(left(ctx), right(ctx));
    case '!=':
    case '!==':
      return (ctx) => !equals(left(ctx), right(ctx));
    default: {
      const compare = op === '<' ? (a: Ordered, b: Ordered) => a < b : op === '<=' ? (a: Ordered, b: Ordered) => a <= b : op === '>' ? (a: Ordered, b: Ordered) => a > b : (a: Ordered, b: Ordered) => a >= b;
      return (ctx) => {
        const l = left(ctx);
        const r = right(ctx);
        if (!((typeof l === 'number' && typeof r === 'number') || (typeof l === 'string' && typeof r === 'string'))) {
          throw new RuleEvalError(`Invalid ${op} operands: ${describeValue(l)} and ${describeValue(r)}.`);
        }
        return compare(l, r);
      };
    }
  }
}

type Ordered = number | string;

// Both `==` and `===` are strict in the rules language. Objects (auth, a val() of a subtree) are
// never equal to a primitive, so `data.val() != null` holds for a subtree.
function equals(l: unknown, r: unknown): boolean {
  if (l instanceof RuleSnapshot || r instanceof RuleSnapshot) throw new RuleEvalError('Snapshots cannot be compared; use val().');
  return l === r;
}
