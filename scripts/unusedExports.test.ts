// Every export is imported somewhere else: a name only its own module uses stays module-private, so
// a module's exports are the surface other code really depends on. Read from the syntax alone (the
// TypeScript parser, no type check): named imports and re-exports, `export *` chains, namespace and
// dynamic imports (which take a module whole) and `import('…').Name` types, across the repository.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');

/** The folders read for imports; every source file below them is a possible importer. */
const READ = [
  'web/src',
  'web/vite-plugins',
  'functions/src',
  'emulator/src',
  'emulator/test',
  'emulator/bench',
  'emulator/bin',
  'seed',
  'scripts',
  'tests',
];
const READ_FILES = ['web/vite.config.ts', 'web/vitest.config.ts', 'vitest.config.ts', 'eslint.config.js'];
/** The folders whose modules must not export what nobody imports (libraries of this repository). */
const CHECKED = [
  'web/src',
  'web/vite-plugins',
  'functions/src',
  'emulator/src',
  'seed/src',
  'scripts/lib',
  'tests/helpers',
  'tests/e2e/support',
];
/**
 * Modules whose exports something outside the code consumes: the deployed Cloud Functions (Firebase
 * reads functions/src/index.ts), the emulator package's entry, the seed CLI's entry, the vitest
 * global set-up and the modules the Vite plugins load.
 */
const ENTRY_POINTS = new Set([
  'functions/src/index.ts',
  'emulator/src/index.ts',
  'seed/src/cli.js',
  'tests/e2e/support/globalSetup.ts',
  // Loaded by the web app's Vite plugins by file name (web/vite-plugins/earlyReads.ts, prerenderShell.ts).
  'web/src/app/earlyReads.ts',
  'web/src/app/prerender/shells.tsx',
]);

/**
 * functions/src/domain/schemaSafety.test.ts imports every domain module whole and probes each schema
 * it exports with hostile input, naming some: a domain schema is exported for it too.
 */
const readBySchemaSafety = (relative: string, name: string) =>
  relative.startsWith('functions/src/domain/') && /(Schema|Input)$/.test(name);

const SOURCE = /\.(ts|tsx|mjs|js|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage']);
/** The functions' build output. */
const FUNCTIONS_BUILD = path.join(ROOT, 'functions', 'lib');

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) || full === FUNCTIONS_BUILD ? [] : walk(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const CANDIDATE_EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.js'];

/** The repository file an import specifier names, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@domain/')) base = path.join(ROOT, 'functions/src/domain', specifier.slice(8));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  // TypeScript's ESM imports name the .js file the .ts source compiles to.
  const stems = [base, base.replace(/\.js$/, ''), base.replace(/\.mjs$/, '')];
  for (const stem of stems)
    for (const extension of CANDIDATE_EXTENSIONS) {
      const file = stem + extension;
      if (existsSync(file) && statSync(file).isFile()) return file;
    }
  return null;
}

interface ModuleFacts {
  /** Exported names declared or re-exported by name here. */
  exports: Set<string>;
  /** `export { a as b } from './x'`: b here is a of x. */
  forwards: Map<string, { file: string; name: string }>;
  /** `export * from './x'`. */
  starFrom: string[];
}

const hasExport = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isDefault = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

function analyse(files: string[]) {
  const facts = new Map<string, ModuleFacts>();
  /** file → names other modules import from it; '*' takes the module whole. */
  const used = new Map<string, Set<string>>();
  const use = (file: string | null, name: string) => {
    if (!file) return;
    if (!used.has(file)) used.set(file, new Set());
    used.get(file)!.add(name);
  };

  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const own: ModuleFacts = { exports: new Set(), forwards: new Map(), starFrom: [] };
    facts.set(file, own);

    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const target = resolve(file, statement.moduleSpecifier.text);
        const bindings = statement.importClause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) use(target, '*');
        else if (bindings)
          for (const element of bindings.elements) use(target, (element.propertyName ?? element.name).text);
      } else if (ts.isExportDeclaration(statement)) {
        const target =
          statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
            ? resolve(file, statement.moduleSpecifier.text)
            : null;
        const clause = statement.exportClause;
        if (!clause) {
          if (target) own.starFrom.push(target);
        } else if (ts.isNamedExports(clause)) {
          for (const element of clause.elements) {
            own.exports.add(element.name.text);
            if (target)
              own.forwards.set(element.name.text, { file: target, name: (element.propertyName ?? element.name).text });
          }
        } else if (target) {
          // `export * as ns from './x'`
          own.exports.add(clause.name.text);
          own.forwards.set(clause.name.text, { file: target, name: '*' });
        }
      } else if (hasExport(statement) && !isDefault(statement)) {
        if (ts.isVariableStatement(statement))
          for (const declaration of statement.declarationList.declarations)
            for (const name of bindingNames(declaration.name)) own.exports.add(name);
        else if (
          (ts.isFunctionDeclaration(statement) ||
            ts.isClassDeclaration(statement) ||
            ts.isInterfaceDeclaration(statement) ||
            ts.isTypeAliasDeclaration(statement) ||
            ts.isEnumDeclaration(statement)) &&
          statement.name
        )
          own.exports.add(statement.name.text);
      }
    }

    // Dynamic imports, require() and import types anywhere in the file.
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
          (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      )
        use(resolve(file, node.arguments[0].text), '*');
      if (
        ts.isImportTypeNode(node) &&
        ts.isLiteralTypeNode(node.argument) &&
        ts.isStringLiteral(node.argument.literal)
      ) {
        const target = resolve(file, node.argument.literal.text);
        use(target, node.qualifier ? node.qualifier.getText(source).split('.')[0] : '*');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    // JSDoc types in plain JavaScript: `@param {import('./x.js').Name}`.
    for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)\.(\w+)/g))
      use(resolve(file, match[1]!), match[2]!);
  }

  // What the entry points export is consumed outside the code.
  for (const file of files) if (ENTRY_POINTS.has(path.relative(ROOT, file))) use(file, '*');
  // Names used through a re-export are used where they are declared.
  let changed = true;
  while (changed) {
    changed = false;
    for (const [file, names] of used) {
      const own = facts.get(file);
      if (!own) continue;
      for (const name of [...names]) {
        const targets: { file: string; name: string }[] = [];
        if (name === '*') {
          for (const forward of own.forwards.values()) targets.push(forward);
          for (const star of own.starFrom) targets.push({ file: star, name: '*' });
        } else {
          const forward = own.forwards.get(name);
          if (forward) targets.push(forward);
          else for (const star of own.starFrom) targets.push({ file: star, name });
        }
        for (const target of targets) {
          const before = used.get(target.file)?.size ?? 0;
          use(target.file, target.name);
          if ((used.get(target.file)?.size ?? 0) !== before) changed = true;
        }
      }
    }
  }
  return { facts, used };
}

describe('the exports of the repository’s modules', () => {
  it('are each imported by another module (a name only its own module uses is not exported)', () => {
    const files = [...READ.flatMap((dir) => walk(path.join(ROOT, dir))), ...READ_FILES.map((f) => path.join(ROOT, f))];
    const { facts, used } = analyse(files.filter((file) => existsSync(file)));
    const unused: string[] = [];
    for (const [file, own] of facts) {
      const relative = path.relative(ROOT, file);
      if (!CHECKED.some((dir) => relative.startsWith(`${dir}/`)) || ENTRY_POINTS.has(relative)) continue;
      if (/\.test\.tsx?$/.test(relative)) continue;
      const names = used.get(file) ?? new Set();
      if (names.has('*')) continue;
      for (const name of own.exports)
        if (!names.has(name) && !readBySchemaSafety(relative, name)) unused.push(`${relative}: ${name}`);
    }
    expect(unused).toEqual([]);
  });
});
