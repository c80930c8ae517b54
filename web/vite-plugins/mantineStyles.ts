import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The module main.tsx imports for Mantine's CSS. */
const MANTINE_STYLES_ID = 'virtual:mantine-styles';
const RESOLVED_ID = `\0${MANTINE_STYLES_ID}`;

/** Mantine's global styles, before any component's (as in its own styles.css). */
const GLOBAL_SHEETS = ['baseline', 'default-css-variables', 'global'];

/**
 * Mantine's CSS for the components the app uses, instead of its whole styles.css: the stylesheet is
 * render-blocking on every page load, and the whole of it is 41 KB gzip, of which the app's
 * components need about 25. `virtual:mantine-styles` imports `@mantine/core/styles/<Name>.css` for
 * every component that web/src imports from `@mantine/core` (and `@mantine/charts`), with the
 * components those render, in the order of Mantine's styles.css (mantineStyleSheets). The dev server
 * recomputes the list when a source file changes and reloads the page when it grew.
 */
export function mantineStyles(): Plugin {
  let srcDir = '';
  let sheets: string[] = [];
  return {
    name: 'panel-mantine-styles',
    configResolved(config) {
      srcDir = path.join(config.root, 'src');
    },
    resolveId(id) {
      return id === MANTINE_STYLES_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      sheets = mantineStyleSheets(srcDir);
      return sheets.map((name) => `import '@mantine/core/styles/${name}.css';`).join('\n');
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (!file.startsWith(srcDir) || !/\.tsx?$/.test(file)) return;
        const next = mantineStyleSheets(srcDir);
        if (next.join() === sheets.join()) return;
        const module = server.moduleGraph.getModuleById(RESOLVED_ID);
        if (module) server.moduleGraph.invalidateModule(module);
        server.ws.send({ type: 'full-reload' });
      });
    },
  };
}

const require = createRequire(import.meta.url);

/**
 * The names of Mantine's style sheets (`@mantine/core/styles/<name>.css`) the sources under `srcDir`
 * need, in the order of Mantine's styles.css: the global ones, then every component module
 * (`<Name>.module.mjs`, whose class names its sheet styles) reachable from what the sources import.
 */
export function mantineStyleSheets(srcDir: string): string[] {
  const coreDir = mantinePackageDir('@mantine/core');
  const used = importedNames(srcDir, '@mantine/core');
  const chartsNames = importedNames(srcDir, '@mantine/charts');
  if (chartsNames.size > 0) {
    const chartsDir = mantinePackageDir('@mantine/charts');
    for (const file of reachableFiles(chartsDir, chartsNames))
      for (const name of namedImports(readFileSync(file, 'utf8'), '@mantine/core')) used.add(name);
  }
  const components = reachableFiles(coreDir, used)
    .filter((file) => file.endsWith('.module.mjs'))
    .map((file) => path.basename(file, '.module.mjs'))
    .filter((name) => existsSync(path.join(coreDir, 'styles', `${name}.css`)));
  const whole = readFileSync(path.join(coreDir, 'styles.css'), 'utf8');
  const position = (name: string) => {
    const at = whole.indexOf(
      readFileSync(path.join(coreDir, 'styles', `${name}.css`), 'utf8')
        .trim()
        .slice(0, 200),
    );
    if (at < 0) throw new Error(`@mantine/core/styles/${name}.css is not part of its styles.css`);
    return at;
  };
  const ordered = [...new Set(components)].sort((a, b) => position(a) - position(b));
  return [...GLOBAL_SHEETS, ...ordered];
}

/** The package's folder: its exports do not list package.json, and its CommonJS entry is <package>/cjs/index.cjs. */
function mantinePackageDir(name: string): string {
  return path.dirname(path.dirname(require.resolve(name)));
}

/** The names the sources under `dir` import (as values, not types) from `pkg`. */
function importedNames(dir: string, pkg: string): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(dir))
    for (const name of namedImports(readFileSync(file, 'utf8'), pkg)) names.add(name);
  return names;
}

function namedImports(source: string, pkg: string): string[] {
  const quoted = `['"]${pkg.replace(/[/]/g, '\\/')}['"]`;
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g');
  return [...source.matchAll(pattern)].flatMap((match) =>
    match[1]
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The package's ESM files reachable through relative imports from the modules that define `names`. */
function reachableFiles(packageRoot: string, names: ReadonlySet<string>): string[] {
  const esm = path.join(packageRoot, 'esm');
  const definedIn = new Map<string, string>();
  for (const match of readFileSync(path.join(esm, 'index.mjs'), 'utf8').matchAll(
    /import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g,
  ))
    for (const part of match[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) definedIn.set(name, path.join(esm, match[2]));
    }
  const seen = new Set<string>();
  // A name without a module is a type imported without `type` (TypeScript has checked that it exists).
  const pending = [...names].flatMap((name) => definedIn.get(name) ?? []);
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"(\.[^"]+)"/g))
      pending.push(path.resolve(path.dirname(file), match[1]));
  }
  return [...seen];
}
