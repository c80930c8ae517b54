// Evaluation of checked rule expressions against database states: RuleDataSnapshot, the variables
// of a rule, and the compilation of an expression into a function. A failure while evaluating
// (RuleEvalError) makes the whole rule evaluate to false. The language itself is in exprLanguage.ts.

import { validateKey, type DataNode, type Path } from '../core/index.js';
import type { BinaryOp, Expr } from './parser.js';
import { compileRegex, hasOwn, RuleEvalError, SNAPSHOT_METHODS, STRING_METHODS } from './exprLanguage.js';

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
    this.cachedNode = this.parentSnapshot
      ? this.parentSnapshot.node().getChild(this.relative!)
      : this.root.getChild(this.path);
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
        if (typeof key !== 'string' && typeof key !== 'number')
          throw new RuleEvalError('Property names must be strings.');
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

const DEFAULT_RULE_QUERY: RuleQuery = Object.freeze({
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
        if ((typeof l === 'string' || typeof l === 'number') && (typeof r === 'string' || typeof r === 'number'))
          return String(l) + String(r);
        throw new RuleEvalError(`Invalid + operands: ${describeValue(l)} and ${describeValue(r)}.`);
      };
    case '-':
    case '*':
    case '/':
    case '%': {
      const apply =
        op === '-'
          ? (a: number, b: number) => a - b
          : op === '*'
            ? (a: number, b: number) => a * b
            : op === '/'
              ? (a: number, b: number) => a / b
              : (a: number, b: number) => a % b;
      return (ctx) => {
        const l = left(ctx);
        const r = right(ctx);
        if (typeof l !== 'number' || typeof r !== 'number')
          throw new RuleEvalError(`Invalid ${op} operands: ${describeValue(l)} and ${describeValue(r)}.`);
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
      const compare =
        op === '<'
          ? (a: Ordered, b: Ordered) => a < b
          : op === '<='
            ? (a: Ordered, b: Ordered) => a <= b
            : op === '>'
              ? (a: Ordered, b: Ordered) => a > b
              : (a: Ordered, b: Ordered) => a >= b;
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
  if (l instanceof RuleSnapshot || r instanceof RuleSnapshot)
    throw new RuleEvalError('Snapshots cannot be compared; use val().');
  return l === r;
}
