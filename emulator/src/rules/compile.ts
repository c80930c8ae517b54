// Compiles database.rules.json into a tree of rule nodes and evaluates reads and writes against it.
//
// Semantics (Firebase "Understand Realtime Database Security Rules"):
// - .read / .write cascade: the first granting rule on the way from the root to the accessed
//   location grants everything below it; deeper rules cannot revoke it. Rules below the accessed
//   location are never consulted for access: a read of /a is denied unless a .read at / or /a
//   grants it, even when /a/b grants (no filtering), and a write at /a is denied unless a .write
//   at / or /a grants it, even when every written child would be granted deeper.
// - .validate does not cascade: every .validate on the written locations' ancestors (from the
//   root) and in the written subtrees must pass, except where the new data is null (deletes are
//   never validated).
// - data / root are the state before the operation, newData the state after the whole operation
//   (for a multi-path update: after all of its paths are applied).

import { validateKey, type DataNode, type Path, type QueryParams } from '../core/index.js';
import { parseJsonWithComments, JsonSyntaxError, type JsonValue } from './json.js';
import { parseExpression, ExpressionSyntaxError, type Expr } from './parser.js';
import { checkRule } from './exprCheck.js';
import { compileExpression, RuleSnapshot, type EvalContext, type RuleFunction, type RuleQuery } from './exprEval.js';
import { ExpressionTypeError, RuleEvalError, type RuleKind } from './exprLanguage.js';

/** Invalid rules; the message is what PUT /.settings/rules.json answers with status 400. */
export class RulesError extends Error {
  override name = 'RulesError';
}

export interface AuthContext {
  uid: string;
  token: Record<string, unknown>;
  provider?: string;
}

type WriteResult = { allowed: true } | { allowed: false; reason: string };

export interface CompiledRules {
  canRead(input: { root: DataNode; path: Path; auth: AuthContext | null; now: number; query?: QueryParams }): boolean;
  canWrite(input: {
    oldRoot: DataNode;
    newRoot: DataNode;
    path: Path;
    changedChildren?: string[];
    auth: AuthContext | null;
    now: number;
  }): WriteResult;
  indexOn(path: Path): string[];
  /**
   * Whether a read at `path` can change its verdict when data changes: some `.read` consulted for
   * `path` (at the root, an ancestor or `path` itself) references `root` or `data`. Reads whose
   * rules depend only on auth, `now`, `$vars` and `query` need no re-check after writes.
   */
  readDependsOnData(path: Path): boolean;
  readonly source: unknown;
}

interface CompiledRule {
  /** A constant rule (`true`, `false`), or the expression compiled to a function. */
  expr: RuleFunction | boolean;
  /** Text for debug reasons. */
  text: string;
  /** The expression reads `root` or `data` (computed once at compile time). */
  usesData: boolean;
}

interface RuleNode {
  read?: CompiledRule;
  write?: CompiledRule;
  validate?: CompiledRule;
  indexOn: string[];
  children: Map<string, RuleNode>;
  wildcard?: { name: string; node: RuleNode };
}

/** The rules the official emulator reports (GET /.settings/rules.json) when none were loaded. */
export const OPEN_RULES_SOURCE = '{\n    "rules": {\n        ".read": true,\n        ".write": true\n    }\n}';

const RULE_KEYS = new Set(['.read', '.write', '.validate', '.indexOn']);

export function compileRules(source: string): CompiledRules {
  let parsed;
  try {
    parsed = parseJsonWithComments(source);
  } catch (err) {
    if (err instanceof JsonSyntaxError)
      throw new RulesError(`Error saving rules - Line ${err.line}: Parse error: ${err.message}`);
    throw err;
  }
  const { value, keyLines } = parsed;
  const lineOf = (obj: object, key: string): number => keyLines.get(obj)?.get(key) ?? 1;
  const fail = (line: number, rulePath: string, problem: string): never => {
    throw new RulesError(`Error saving rules - Line ${line}: ${rulePath}: ${problem}`);
  };

  if (!isObject(value)) fail(1, '/', 'The rules file must contain a JSON object with a "rules" key.');
  const top = value as Record<string, JsonValue>;
  for (const key of Object.keys(top)) {
    if (key !== 'rules') fail(lineOf(top, key), `/${key}`, `Unknown top-level key '${key}' (expected only "rules").`);
  }
  if (!Object.prototype.hasOwnProperty.call(top, 'rules')) fail(1, '/', 'Missing the top-level "rules" key.');
  if (!isObject(top.rules)) fail(lineOf(top, 'rules'), '/rules', 'Expected an object.');

  const compileNode = (obj: Record<string, JsonValue>, rulePath: string, wildcards: Set<string>): RuleNode => {
    const node: RuleNode = { indexOn: [], children: new Map() };
    const wildKeys = Object.keys(obj).filter((k) => k.startsWith('$'));
    if (wildKeys.length > 1) {
      fail(
        lineOf(obj, wildKeys[1]),
        `${rulePath}/${wildKeys[1]}`,
        `Only one wildcard ($-key) is allowed per level; found ${wildKeys.join(', ')}.`,
      );
    }
    for (const key of Object.keys(obj)) {
      const line = lineOf(obj, key);
      const keyPath = `${rulePath}/${key}`;
      const v = obj[key];
      if (key.startsWith('.')) {
        if (!RULE_KEYS.has(key))
          fail(line, keyPath, `Unknown rule type '${key}' (expected .read, .write, .validate or .indexOn).`);
        if (key === '.indexOn') {
          const entries = typeof v === 'string' ? [v] : Array.isArray(v) ? v : null;
          if (!entries || entries.some((x) => typeof x !== 'string' || x === '')) {
            fail(line, keyPath, '.indexOn must be a string or an array of non-empty strings.');
          }
          node.indexOn = entries as string[];
          continue;
        }
        const kind = key as RuleKind;
        let rule: CompiledRule;
        if (typeof v === 'boolean') {
          rule = { expr: v, text: String(v), usesData: false };
        } else if (typeof v === 'string') {
          let expr: Expr;
          try {
            expr = parseExpression(v);
            checkRule(expr, { kind, wildcards });
          } catch (err) {
            if (err instanceof ExpressionSyntaxError || err instanceof ExpressionTypeError) {
              return fail(line, keyPath, err.message);
            }
            throw err;
          }
          rule = { expr: literalBoolean(expr) ?? compileExpression(expr), text: v, usesData: referencesData(expr) };
        } else {
          return fail(line, keyPath, `Expected a boolean or an expression string, found ${jsonType(v)}.`);
        }
        if (kind === '.read') node.read = rule;
        else if (kind === '.write') node.write = rule;
        else node.validate = rule;
        continue;
      }
      if (!isObject(v)) fail(line, keyPath, `Expected an object of rules, found ${jsonType(v)}.`);
      if (!isValidKey(key.startsWith('$') ? key.slice(1) || 'x' : key)) {
        fail(
          line,
          keyPath,
          `Invalid key '${key}': keys cannot be empty or contain '.', '#', '$' (except as the first character), '[', ']', '/' or control characters.`,
        );
      }
      if (key.startsWith('$')) {
        // Any valid key may follow the '$'; only identifier-like names can be used in expressions.
        if (key.length === 1) fail(line, keyPath, `Invalid wildcard name '${key}'.`);
        if (wildcards.has(key)) fail(line, keyPath, `The wildcard '${key}' is already used higher up in this path.`);
        const inner = new Set(wildcards);
        inner.add(key);
        node.wildcard = { name: key, node: compileNode(v as Record<string, JsonValue>, keyPath, inner) };
      } else {
        node.children.set(key, compileNode(v as Record<string, JsonValue>, keyPath, wildcards));
      }
    }
    return node;
  };

  const rootNode = compileNode(top.rules as Record<string, JsonValue>, '/rules', new Set());
  return new RulesEngine(rootNode, value);
}

function isValidKey(key: string): boolean {
  try {
    validateKey(key);
    return true;
  } catch {
    return false;
  }
}

function isObject(v: unknown): v is Record<string, JsonValue> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function jsonType(v: JsonValue): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}

/** Whether an expression mentions the `root` or `data` variable anywhere. */
function referencesData(e: Expr): boolean {
  switch (e.kind) {
    case 'ident':
      return e.name === 'root' || e.name === 'data';
    case 'literal':
    case 'regex':
      return false;
    case 'array':
      return e.elements.some(referencesData);
    case 'member':
      return referencesData(e.object);
    case 'index':
      return referencesData(e.object) || referencesData(e.index);
    case 'call':
      return referencesData(e.callee) || e.args.some(referencesData);
    case 'unary':
      return referencesData(e.arg);
    case 'binary':
    case 'logical':
      return referencesData(e.left) || referencesData(e.right);
    case 'conditional':
      return referencesData(e.test) || referencesData(e.then) || referencesData(e.otherwise);
  }
}

function literalBoolean(e: Expr): boolean | undefined {
  return e.kind === 'literal' && typeof e.value === 'boolean' ? e.value : undefined;
}

function pathString(path: Path): string {
  return path.length === 0 ? '/' : '/' + path.join('/');
}

/** The query variable of query-based rules, from the core query parameters. */
export function ruleQueryFromParams(q: QueryParams | undefined): RuleQuery {
  const index = q?.index ?? { kind: 'priority' as const };
  const start = q?.start;
  const end = q?.end;
  // equalTo is what the SDKs send as the same inclusive start and end value (and name).
  const isEqualTo =
    start !== undefined &&
    end !== undefined &&
    start.inclusive &&
    end.inclusive &&
    sameValue(start.value, end.value) &&
    start.name === end.name;
  return {
    orderByKey: index.kind === 'key',
    orderByPriority:
      index.kind === 'priority' &&
      q !== undefined &&
      (start !== undefined || end !== undefined || q.limit !== undefined),
    orderByValue: index.kind === 'value',
    orderByChild: index.kind === 'child' ? index.path.join('/') : null,
    startAt: start !== undefined && start.inclusive ? (start.value ?? null) : null,
    endAt: end !== undefined && end.inclusive ? (end.value ?? null) : null,
    equalTo: isEqualTo ? (start!.value ?? null) : null,
    limitToFirst: q?.limit !== undefined && q.viewFrom !== 'right' ? q.limit : null,
    limitToLast: q?.limit !== undefined && q.viewFrom === 'right' ? q.limit : null,
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (a === undefined && b === null) || (a === null && b === undefined);
}

interface Step {
  /** Location of this step. */
  path: Path;
  rules: RuleNode;
  vars: Record<string, string>;
}

// The rule nodes matching each prefix of `path`, from the root; stops where no rule matches.
// A named child wins over the wildcard at the same level.
function walk(root: RuleNode, path: Path): Step[] {
  const steps: Step[] = [{ path: [], rules: root, vars: {} }];
  let rules = root;
  let vars: Record<string, string> = {};
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const named = rules.children.get(key);
    if (named) {
      rules = named;
    } else if (rules.wildcard) {
      vars = { ...vars, [rules.wildcard.name]: key };
      rules = rules.wildcard.node;
    } else {
      break;
    }
    steps.push({ path: path.slice(0, i + 1), rules, vars });
  }
  return steps;
}

type Outcome = { ok: true } | { ok: false; error?: string };

const GRANTED: Outcome = Object.freeze({ ok: true });
const REFUSED: Outcome = Object.freeze({ ok: false });

function run(rule: CompiledRule, ctx: EvalContext): Outcome {
  if (typeof rule.expr === 'boolean') return rule.expr ? GRANTED : REFUSED;
  try {
    return rule.expr(ctx) ? GRANTED : REFUSED;
  } catch (err) {
    if (err instanceof RuleEvalError) return { ok: false, error: err.message };
    // Anything else (a bug, a malformed node) also must not grant access.
    return { ok: false, error: String(err) };
  }
}

function describeFailure(kind: string, path: Path, rule: CompiledRule, o: Outcome): string {
  const detail = !o.ok && o.error ? ` (error: ${o.error})` : '';
  return `${kind} at ${pathString(path)} "${rule.text}" => false${detail}`;
}

/**
 * The variables of one .write / .validate evaluation. `data` and `newData` are made when a rule
 * first uses them: most rules read only one of the two (or neither), and a write runs many rules.
 */
class WriteContext implements EvalContext {
  private dataSnapshot: RuleSnapshot | undefined;
  private newDataSnapshot: RuleSnapshot | undefined;
  constructor(
    readonly auth: unknown,
    readonly now: number,
    readonly root: RuleSnapshot,
    private readonly newRoot: DataNode,
    private readonly path: Path,
    readonly vars: Readonly<Record<string, string>>,
    private readonly newNode: DataNode | undefined,
  ) {}
  get data(): RuleSnapshot {
    return (this.dataSnapshot ??= new RuleSnapshot(this.root.root, this.path));
  }
  get newData(): RuleSnapshot {
    return (this.newDataSnapshot ??= new RuleSnapshot(this.newRoot, this.path, this.newNode));
  }
}

class RulesEngine implements CompiledRules {
  constructor(
    private readonly root: RuleNode,
    readonly source: unknown,
  ) {}

  canRead(input: { root: DataNode; path: Path; auth: AuthContext | null; now: number; query?: QueryParams }): boolean {
    const rootSnap = new RuleSnapshot(input.root, []);
    const query = ruleQueryFromParams(input.query);
    for (const step of walk(this.root, input.path)) {
      const rule = step.rules.read;
      if (!rule) continue;
      const ctx: EvalContext = {
        auth: input.auth,
        now: input.now,
        root: rootSnap,
        data: new RuleSnapshot(input.root, step.path),
        query,
        vars: step.vars,
      };
      if (run(rule, ctx).ok) return true;
    }
    return false;
  }

  canWrite(input: {
    oldRoot: DataNode;
    newRoot: DataNode;
    path: Path;
    changedChildren?: string[];
    auth: AuthContext | null;
    now: number;
  }): WriteResult {
    const targets: Path[] =
      input.changedChildren === undefined
        ? [input.path]
        : input.changedChildren.map((c) => [...input.path, ...c.split('/').filter((p) => p !== '')]);
    const oldRootSnap = new RuleSnapshot(input.oldRoot, []);
    const context = (path: Path, vars: Record<string, string>, newNode?: DataNode): EvalContext =>
      new WriteContext(input.auth, input.now, oldRootSnap, input.newRoot, path, vars, newNode);
    const walks = targets.map((target) => walk(this.root, target));

    // 1. Every written location needs a granting .write at or above it.
    for (let t = 0; t < targets.length; t++) {
      const target = targets[t];
      const failures: string[] = [];
      let granted = false;
      for (const step of walks[t]) {
        const rule = step.rules.write;
        if (!rule) continue;
        const o = run(rule, context(step.path, step.vars));
        if (o.ok) {
          granted = true;
          break;
        }
        failures.push(describeFailure('.write', step.path, rule, o));
      }
      if (!granted) {
        const why = failures.length > 0 ? failures.join('; ') : 'no .write rule applies';
        return { allowed: false, reason: `Write to ${pathString(target)} denied: ${why}.` };
      }
    }

    // 2. Every .validate on the way to each written location and inside the written subtrees.
    // Written locations of one update share ancestors, whose rules run once; a single write
    // visits every location once anyway.
    const seen = targets.length > 1 ? new Set<string>() : null;
    const validateAt = (
      path: Path,
      rules: RuleNode,
      vars: Record<string, string>,
      newNode: DataNode,
    ): string | null => {
      const rule = rules.validate;
      if (!rule || newNode.isEmpty()) return null;
      if (seen) {
        const key = pathString(path);
        if (seen.has(key)) return null;
        seen.add(key);
      }
      const o = run(rule, context(path, vars, newNode));
      return o.ok ? null : describeFailure('.validate', path, rule, o);
    };
    const validateSubtree = (
      path: Path,
      rules: RuleNode,
      vars: Record<string, string>,
      newNode: DataNode,
    ): string | null => {
      if (newNode.isEmpty()) return null;
      const own = validateAt(path, rules, vars, newNode);
      if (own) return own;
      if (newNode.isLeaf() || (rules.children.size === 0 && !rules.wildcard)) return null;
      let failure: string | null = null;
      newNode.forEachChild((key, child) => {
        const named = rules.children.get(key);
        const wildcard = named ? undefined : rules.wildcard;
        if (!named && !wildcard) return false;
        const childPath = path.slice();
        childPath.push(key);
        failure = named
          ? validateSubtree(childPath, named, vars, child)
          : validateSubtree(childPath, wildcard!.node, { ...vars, [wildcard!.name]: key }, child);
        return failure !== null;
      });
      return failure;
    };

    for (let t = 0; t < targets.length; t++) {
      const target = targets[t];
      for (const step of walks[t]) {
        const isTarget = step.path.length === target.length;
        const newNode = input.newRoot.getChild(step.path);
        const failure = isTarget
          ? validateSubtree(step.path, step.rules, step.vars, newNode)
          : validateAt(step.path, step.rules, step.vars, newNode);
        if (failure) return { allowed: false, reason: `Write to ${pathString(target)} denied: ${failure}.` };
      }
    }
    return { allowed: true };
  }

  readDependsOnData(path: Path): boolean {
    return walk(this.root, path).some((step) => step.rules.read?.usesData === true);
  }

  indexOn(path: Path): string[] {
    const steps = walk(this.root, path);
    const last = steps[steps.length - 1];
    return last.path.length === path.length ? [...last.rules.indexOn] : [];
  }
}
