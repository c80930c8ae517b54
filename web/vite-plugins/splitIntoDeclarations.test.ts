import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { build, type Plugin, type Rollup } from 'vite';
import { splitIntoDeclarations } from './splitIntoDeclarations';

/** A library of top-level declarations, as zod's core is written, and two pages that use different parts of it. */
const LIBRARY = `
import { base } from './base.js';
export const shout = (s) => s.toUpperCase() + base;
export function whisper(s) { return s.toLowerCase() + base; }
let counter = 0;
export function next() { return ++counter; }
class Registry { constructor() { this.items = []; } }
export const registry = /* @__PURE__ */ new Registry();
const UNUSED_BY_PAGES = 'only the library uses this';
export { UNUSED_BY_PAGES as hidden };
export * from './base.js';
`;
const SOURCES: Record<string, string> = {
  'lib.js': LIBRARY,
  'base.js': "export const base = '!';",
  'loud.js': "import { shout, next } from './lib.js';\nexport default [shout('a'), next(), next()];",
  'quiet.js': "import { whisper, next, base } from './lib.js';\nexport default [whisper('B'), next(), base];",
};

/** Serves SOURCES as files of a virtual folder. */
const virtualFiles: Plugin = {
  name: 'virtual-files',
  enforce: 'pre',
  resolveId(source, importer) {
    const name = source.replace(/^\.\//, '').replace(/^\/virtual\//, '');
    if (name in SOURCES && (!importer || importer.startsWith('/virtual/'))) return `/virtual/${name}`;
    return null;
  },
  load(id) {
    return id.startsWith('/virtual/') ? SOURCES[id.slice('/virtual/'.length)] : null;
  },
};

async function bundle(library: RegExp, extra: Record<string, string> = {}) {
  Object.assign(SOURCES, extra);
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [virtualFiles, splitIntoDeclarations(library)],
    build: {
      write: false,
      minify: false,
      modulePreload: false,
      rollupOptions: {
        input: { loud: '/virtual/loud.js', quiet: '/virtual/quiet.js' },
        preserveEntrySignatures: 'strict',
      },
    },
  })) as Rollup.RollupOutput;
  return output.output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
}

/** The chunks an entry loads (itself and what it imports statically), joined. */
function codeOf(chunks: Rollup.OutputChunk[], entry: string): string {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    byName.get(file)?.imports.forEach(visit);
  };
  visit(chunks.find((c) => c.isEntry && c.name === entry)!.fileName);
  return [...seen].map((f) => byName.get(f)!.code).join('\n');
}

describe('splitIntoDeclarations (zod core cut into its declarations)', () => {
  it('a page loads only the declarations it uses, each once, and they behave as the module whole', async () => {
    const chunks = await bundle(/\/virtual\/lib\.js$/);
    const loud = codeOf(chunks, 'loud');
    const quiet = codeOf(chunks, 'quiet');
    expect(loud).toContain('toUpperCase');
    expect(loud).not.toContain('toLowerCase');
    expect(quiet).toContain('toLowerCase');
    expect(quiet).not.toContain('toUpperCase');
    // Nothing uses the registry or the hidden text: no page carries them.
    for (const code of [loud, quiet]) {
      expect(code).not.toContain('only the library uses this');
      expect(code).not.toContain('Registry');
    }
    // `next` and the counter it assigns stay together, in one chunk both pages share.
    expect(chunks.filter((c) => c.code.includes('++counter'))).toHaveLength(1);

    // Run as the browser would: both pages on one page load share the counter.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'split-declarations-'));
    try {
      for (const chunk of chunks) writeFileSync(path.join(dir, chunk.fileName.replace(/^.*\//, '')), chunk.code);
      const run = async (entry: string) => {
        const file = chunks.find((c) => c.isEntry && c.name === entry)!.fileName.replace(/^.*\//, '');
        return ((await import(/* @vite-ignore */ pathToFileURL(path.join(dir, file)).href)) as { default: unknown })
          .default;
      };
      expect(await run('loud')).toEqual(['A!', 1, 2]);
      expect(await run('quiet')).toEqual(['b!', 3, '!']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a module with a statement run for its effect fails the build, naming it', async () => {
    await expect(bundle(/\/virtual\/lib\.js$/, { 'lib.js': `${LIBRARY}\nconsole.log('loaded');` })).rejects.toThrow(
      'a top-level ExpressionStatement cannot be split off',
    );
    SOURCES['lib.js'] = LIBRARY;
  });
});
