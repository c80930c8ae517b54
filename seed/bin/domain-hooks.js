// Module hooks that let plain Node run the shared domain (functions/src/domain, TypeScript) without a
// build step: a relative `.js` import inside the domain that has only a `.ts` source resolves to it,
// and the source is transpiled on load (types erased; the root `tsc -b` type-checks it). Only the
// domain is served this way: it is pure (no Firebase, no Node built-ins), so the seed validates and
// builds stored records with exactly the code the callables and the web app run.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import ts from 'typescript';

const DOMAIN = new URL('../../functions/src/domain/', import.meta.url).href;

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  if (context.parentURL && /^\.\.?\//.test(specifier) && specifier.endsWith('.js')) {
    const url = new URL(specifier, context.parentURL);
    if (url.href.startsWith(DOMAIN) && !existsSync(url)) {
      const source = new URL(url.href.replace(/\.js$/, '.ts'));
      if (existsSync(source)) return { url: source.href, shortCircuit: true };
    }
  }
  return nextResolve(specifier, context);
}

/** @type {import('node:module').LoadHook} */
export async function load(url, context, nextLoad) {
  if (!url.startsWith(DOMAIN) || !url.endsWith('.ts')) return nextLoad(url, context);
  const { outputText } = ts.transpileModule(await readFile(new URL(url), 'utf8'), {
    fileName: url,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, inlineSourceMap: true },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
