// Static type checking of parsed rule expressions, when the rules are saved: a rule that can be
// proven wrong (a number where a boolean is wanted, an unknown variable or method, newData in a
// .read rule) is refused with its position. The language itself is in exprLanguage.ts.

import type { Expr } from './parser.js';
import {
  compileRegex,
  ExpressionTypeError,
  hasOwn,
  SNAPSHOT_METHODS,
  STRING_METHODS,
  type RuleKind,
  type StaticType,
} from './exprLanguage.js';

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

interface CheckScope {
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
  if (!can(t, 'boolean'))
    throw new ExpressionTypeError(`Expression must evaluate to a boolean, not ${typeName(t)}.`, expr.pos);
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
        if (!can(t, 'boolean'))
          throw new ExpressionTypeError(`Invalid ! expression: operand is ${typeName(t)}, not boolean.`, e.pos);
        return 'boolean';
      }
      if (!can(t, 'number'))
        throw new ExpressionTypeError(`Invalid - expression: operand is ${typeName(t)}, not number.`, e.pos);
      return 'number';
    }
    case 'logical': {
      for (const [side, operand] of [
        ['Left', e.left],
        ['Right', e.right],
      ] as const) {
        const t = value(check(operand, scope), operand);
        if (!can(t, 'boolean'))
          throw new ExpressionTypeError(`${side} operand of ${e.op} must be boolean, not ${typeName(t)}.`, operand.pos);
      }
      return 'boolean';
    }
    case 'conditional': {
      const tt = value(check(e.test, scope), e.test);
      if (!can(tt, 'boolean'))
        throw new ExpressionTypeError(`Condition of ?: must be boolean, not ${typeName(tt)}.`, e.test.pos);
      const a = value(check(e.then, scope), e.then);
      const b = value(check(e.otherwise, scope), e.otherwise);
      return a === b ? a : 'any';
    }
    case 'binary': {
      const l = value(check(e.left, scope), e.left);
      const r = value(check(e.right, scope), e.right);
      const bad = (side: string, t: StaticType, wanted: string): never => {
        throw new ExpressionTypeError(
          `Invalid ${e.op} expression: ${side} operand is ${typeName(t)}, expected ${wanted}.`,
          e.pos,
        );
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
            throw new ExpressionTypeError(
              `Invalid ${e.op} expression: left and right operands have different types (${l}, ${r}).`,
              e.pos,
            );
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
      if (!can(at, 'string'))
        throw new ExpressionTypeError(`${name}() expects a string, not ${typeName(at)}.`, e.args[0].pos);
    } else {
      if (e.args.length > 1) throw new ExpressionTypeError('hasChildren() takes at most one argument.', e.pos);
      if (e.args.length === 1) {
        const arr = e.args[0];
        if (arr.kind !== 'array') throw new ExpressionTypeError('hasChildren() expects an array of strings.', arr.pos);
        if (arr.elements.length === 0)
          throw new ExpressionTypeError('hasChildren() expects a non-empty array of strings.', arr.pos);
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
    throw new ExpressionTypeError(
      `${name}() takes ${sig.args.length} argument${sig.args.length === 1 ? '' : 's'}.`,
      e.pos,
    );
  }
  sig.args.forEach((wanted, k) => {
    const arg = e.args[k];
    if (wanted === 'regex') {
      if (arg.kind !== 'regex')
        throw new ExpressionTypeError('matches() expects a regular expression literal.', arg.pos);
      compileRegex(arg);
      return;
    }
    const at = value(check(arg, scope), arg);
    if (!can(at, 'string'))
      throw new ExpressionTypeError(`${name}() expects string arguments, not ${typeName(at)}.`, arg.pos);
  });
  return sig.returns;
}
