// Recursive-descent parser for the Realtime Database rules expression language (a small,
// side-effect-free subset of JavaScript). It never evaluates code: the AST is interpreted by
// evaluate.ts after check.ts has type-checked it.

export type Expr =
  | { kind: 'literal'; value: string | number | boolean | null; pos: number }
  | { kind: 'regex'; source: string; flags: string; pos: number }
  | { kind: 'array'; elements: Expr[]; pos: number }
  | { kind: 'ident'; name: string; pos: number }
  | { kind: 'member'; object: Expr; property: string; pos: number }
  | { kind: 'index'; object: Expr; index: Expr; pos: number }
  | { kind: 'call'; callee: Expr; args: Expr[]; pos: number }
  | { kind: 'unary'; op: '!' | '-'; arg: Expr; pos: number }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; pos: number }
  | { kind: 'logical'; op: '&&' | '||'; left: Expr; right: Expr; pos: number }
  | { kind: 'conditional'; test: Expr; then: Expr; otherwise: Expr; pos: number };

export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '<' | '<=' | '>' | '>=' | '==' | '===' | '!=' | '!==';

/** A problem in the expression text; `pos` is the character offset inside the expression. */
export class ExpressionSyntaxError extends Error {
  constructor(
    message: string,
    readonly pos: number,
  ) {
    super(message);
  }
}

type Token =
  | { t: 'num'; value: number; pos: number }
  | { t: 'str'; value: string; pos: number }
  | { t: 'regex'; source: string; flags: string; pos: number }
  | { t: 'ident'; value: string; pos: number }
  | { t: 'punct'; value: string; pos: number }
  | { t: 'eof'; pos: number };

// Longest first, so that '===' wins over '==' and '='.
const PUNCTUATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '?',
  ':',
  '(',
  ')',
  '[',
  ']',
  '.',
  ',',
];

function isIdentStart(c: string): boolean {
  return /[A-Za-z_$]/.test(c);
}
function isIdentPart(c: string): boolean {
  return /[A-Za-z0-9_$]/.test(c);
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  // A '/' starts a regex literal only where a value may start; after a value it is division.
  const valueEnded = (): boolean => {
    const last = tokens[tokens.length - 1];
    if (!last) return false;
    if (last.t === 'punct') return last.value === ')' || last.value === ']';
    return true;
  };
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if ((c >= '0' && c <= '9') || (c === '.' && src[i + 1] >= '0' && src[i + 1] <= '9')) {
      const m = /^(?:0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/.exec(src.slice(i));
      if (!m) throw new ExpressionSyntaxError('Invalid number.', i);
      i += m[0].length;
      if (i < src.length && isIdentPart(src[i])) throw new ExpressionSyntaxError('Invalid number.', start);
      tokens.push({ t: 'num', value: Number(m[0]), pos: start });
      continue;
    }
    if (c === '"' || c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= src.length) throw new ExpressionSyntaxError('Unterminated string literal.', start);
        const ch = src[i];
        if (ch === c) {
          i++;
          break;
        }
        if (ch === '\\') {
          const e = src[i + 1];
          if (e === undefined) throw new ExpressionSyntaxError('Unterminated string literal.', start);
          const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };
          if (e in simple) {
            value += simple[e];
            i += 2;
          } else if (e === 'u') {
            const hex = src.slice(i + 2, i + 6);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new ExpressionSyntaxError('Invalid escape sequence.', i);
            value += String.fromCharCode(parseInt(hex, 16));
            i += 6;
          } else if (e === 'x') {
            const hex = src.slice(i + 2, i + 4);
            if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new ExpressionSyntaxError('Invalid escape sequence.', i);
            value += String.fromCharCode(parseInt(hex, 16));
            i += 4;
          } else {
            value += e;
            i += 2;
          }
          continue;
        }
        value += ch;
        i++;
      }
      tokens.push({ t: 'str', value, pos: start });
      continue;
    }
    if (isIdentStart(c)) {
      while (i < src.length && isIdentPart(src[i])) i++;
      tokens.push({ t: 'ident', value: src.slice(start, i), pos: start });
      continue;
    }
    if (c === '/' && !valueEnded()) {
      i++;
      let inClass = false;
      let source = '';
      for (;;) {
        if (i >= src.length || src[i] === '\n')
          throw new ExpressionSyntaxError('Unterminated regular expression.', start);
        const ch = src[i];
        if (ch === '\\') {
          source += ch + (src[i + 1] ?? '');
          i += 2;
          continue;
        }
        if (ch === '[') inClass = true;
        else if (ch === ']') inClass = false;
        else if (ch === '/' && !inClass) {
          i++;
          break;
        }
        source += ch;
        i++;
      }
      let flags = '';
      while (i < src.length && isIdentPart(src[i])) flags += src[i++];
      tokens.push({ t: 'regex', source, flags, pos: start });
      continue;
    }
    const p = PUNCTUATORS.find((op) => src.startsWith(op, i));
    if (!p) throw new ExpressionSyntaxError(`Unexpected character '${c}'.`, i);
    i += p.length;
    tokens.push({ t: 'punct', value: p, pos: start });
  }
  tokens.push({ t: 'eof', pos: src.length });
  return tokens;
}

const BINARY_PRECEDENCE: Record<string, number> = {
  '==': 3,
  '!=': 3,
  '===': 3,
  '!==': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
};

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.i];
  }
  private next(): Token {
    return this.tokens[this.i++];
  }
  private isPunct(value: string): boolean {
    const t = this.peek();
    return t.t === 'punct' && t.value === value;
  }
  private expect(value: string): Token {
    const t = this.next();
    if (t.t !== 'punct' || t.value !== value)
      throw new ExpressionSyntaxError(`Expected '${value}'${describe(t)}.`, t.pos);
    return t;
  }

  parseAll(): Expr {
    if (this.peek().t === 'eof') throw new ExpressionSyntaxError('Empty expression.', 0);
    const e = this.conditional();
    const t = this.peek();
    if (t.t !== 'eof') throw new ExpressionSyntaxError(`Unexpected ${describeToken(t)}.`, t.pos);
    return e;
  }

  private conditional(): Expr {
    const test = this.logicalOr();
    if (!this.isPunct('?')) return test;
    const q = this.next();
    const then = this.conditional();
    this.expect(':');
    const otherwise = this.conditional();
    return { kind: 'conditional', test, then, otherwise, pos: q.pos };
  }

  private logicalOr(): Expr {
    let left = this.logicalAnd();
    while (this.isPunct('||')) {
      const op = this.next();
      left = { kind: 'logical', op: '||', left, right: this.logicalAnd(), pos: op.pos };
    }
    return left;
  }

  private logicalAnd(): Expr {
    let left = this.binary(0);
    while (this.isPunct('&&')) {
      const op = this.next();
      left = { kind: 'logical', op: '&&', left, right: this.binary(0), pos: op.pos };
    }
    return left;
  }

  // Precedence climbing over the left-associative binary operators.
  private binary(minPrec: number): Expr {
    let left = this.unary();
    for (;;) {
      const t = this.peek();
      if (t.t !== 'punct') return left;
      const prec = BINARY_PRECEDENCE[t.value];
      if (prec === undefined || prec <= minPrec) return left;
      this.next();
      const right = this.binary(prec);
      left = { kind: 'binary', op: t.value as BinaryOp, left, right, pos: t.pos };
    }
  }

  private unary(): Expr {
    if (this.isPunct('!') || this.isPunct('-')) {
      const t = this.next() as { value: '!' | '-'; pos: number };
      return { kind: 'unary', op: t.value, arg: this.unary(), pos: t.pos };
    }
    if (this.isPunct('+')) {
      const t = this.next();
      throw new ExpressionSyntaxError("Unary '+' is not supported.", t.pos);
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let e = this.primary();
    for (;;) {
      if (this.isPunct('.')) {
        const dot = this.next();
        const name = this.next();
        if (name.t !== 'ident')
          throw new ExpressionSyntaxError(`Expected a property name after '.'${describe(name)}.`, name.pos);
        e = { kind: 'member', object: e, property: name.value, pos: dot.pos };
      } else if (this.isPunct('[')) {
        const b = this.next();
        const index = this.conditional();
        this.expect(']');
        e = { kind: 'index', object: e, index, pos: b.pos };
      } else if (this.isPunct('(')) {
        const p = this.next();
        const args: Expr[] = [];
        if (!this.isPunct(')')) {
          for (;;) {
            args.push(this.conditional());
            if (this.isPunct(',')) {
              this.next();
              continue;
            }
            break;
          }
        }
        this.expect(')');
        e = { kind: 'call', callee: e, args, pos: p.pos };
      } else {
        return e;
      }
    }
  }

  private primary(): Expr {
    const t = this.next();
    switch (t.t) {
      case 'num':
        return { kind: 'literal', value: t.value, pos: t.pos };
      case 'str':
        return { kind: 'literal', value: t.value, pos: t.pos };
      case 'regex':
        return { kind: 'regex', source: t.source, flags: t.flags, pos: t.pos };
      case 'ident':
        if (t.value === 'true') return { kind: 'literal', value: true, pos: t.pos };
        if (t.value === 'false') return { kind: 'literal', value: false, pos: t.pos };
        if (t.value === 'null') return { kind: 'literal', value: null, pos: t.pos };
        return { kind: 'ident', name: t.value, pos: t.pos };
      case 'punct':
        if (t.value === '(') {
          const e = this.conditional();
          this.expect(')');
          return e;
        }
        if (t.value === '[') {
          const elements: Expr[] = [];
          if (!this.isPunct(']')) {
            for (;;) {
              elements.push(this.conditional());
              if (this.isPunct(',')) {
                this.next();
                continue;
              }
              break;
            }
          }
          this.expect(']');
          return { kind: 'array', elements, pos: t.pos };
        }
        throw new ExpressionSyntaxError(`Unexpected ${describeToken(t)}.`, t.pos);
      case 'eof':
        throw new ExpressionSyntaxError('Unexpected end of expression.', t.pos);
    }
  }
}

function describeToken(t: Token): string {
  switch (t.t) {
    case 'eof':
      return 'end of expression';
    case 'num':
      return `number ${t.value}`;
    case 'str':
      return 'string literal';
    case 'regex':
      return 'regular expression';
    case 'ident':
      return `identifier '${t.value}'`;
    case 'punct':
      return `'${t.value}'`;
  }
}

function describe(t: Token): string {
  return `, found ${describeToken(t)}`;
}

export function parseExpression(src: string): Expr {
  return new Parser(tokenize(src)).parseAll();
}
