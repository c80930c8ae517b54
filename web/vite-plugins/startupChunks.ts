import type { GetManualChunk, ManualChunkMeta } from 'rollup';

const REACT = /\/node_modules\/(?:react|react-dom|scheduler)\//;

/**
 * How main.tsx's start-up parts are cut into files. Each part is an `import()` of main.tsx that runs in
 * a task of its own, and index.html preloads all of them; left to Rollup, a module that a part shares
 * with lazy pages gets a file of its own for each set of sharers (six for the session part alone),
 * and every cut costs bytes before the dashboard's data (files compress apart and name their shared
 * bindings; the budget is 200 KB). So React and React DOM (the first part) are one file, and the
 * session part (`src/startSession.ts`: store, session, Firebase set-up) is one file with everything it
 * imports that the build keeps; later parts and lazy pages import what they share with it from there.
 * The last part (the app: Mantine, the router) is left to Rollup: what it reaches through Mantine's
 * index includes components only lazy pages draw.
 */
export function startupChunks(sessionPart: string): GetManualChunk {
  let session: Set<string> | null = null;
  return (id: string, meta: ManualChunkMeta) => {
    // With Vite's preload helper and Rollup's CommonJS helpers, which the entry imports statically: a
    // manual chunk takes in the dependencies no other manual chunk claims, and in the session's the
    // entry would evaluate the session part with its own. React DOM is the first part anyway.
    if (REACT.test(id) || id.startsWith('\0vite/preload-helper') || id.startsWith('\0commonjsHelpers'))
      return 'react-dom';
    session ??= includedClosure(sessionPart, meta);
    return session.has(id) ? 'session' : undefined;
  };
}

/** The module and what it imports statically, transitively, that the build keeps (not React: its own file). */
function includedClosure(root: string, { getModuleInfo }: ManualChunkMeta): Set<string> {
  if (!getModuleInfo(root)) throw new Error(`startupChunks: ${root} is not in the build`);
  const closure = new Set<string>();
  const seen = new Set<string>();
  const pending = [root];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id) || REACT.test(id)) continue;
    seen.add(id);
    const info = getModuleInfo(id);
    // Virtual modules (Vite's preload helper, CommonJS helpers) stay where Rollup puts them: the entry uses some.
    if (info?.isIncluded && !id.startsWith('\0')) closure.add(id);
    pending.push(...(info?.importedIds ?? []));
  }
  return closure;
}
