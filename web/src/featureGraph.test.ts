import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSources } from './test/sources';

// The layering of web/src as a test (ESLint's per-file rules cannot see a cycle): features form a
// one-way graph, and no feature imports app/, which composes them. Test files are not held to it.

type Graph = Map<string, Set<string>>;

/** The part of web/src a file belongs to: `features/<name>`, `app`, `shared`, or a top-level file. */
function partOf(relative: string): string {
  const [top, name] = relative.split(path.sep);
  return top === 'features' ? `features/${name}` : top;
}

/** Edges between parts, from every relative import, export-from and dynamic import. */
export function partGraph(files: readonly { file: string; source: string }[]): Graph {
  const graph: Graph = new Map();
  for (const { file, source } of files) {
    const from = partOf(file);
    for (const m of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const to = partOf(path.normalize(path.join(path.dirname(file), m[1])));
      if (to === from || to.startsWith('..')) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** Groups of features that reach each other (Tarjan's strongly connected components of size > 1). */
export function featureCycles(graph: Graph): string[][] {
  const features = (name: string) => [...(graph.get(name) ?? [])].filter((to) => to.startsWith('features/'));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of features(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const v of graph.keys()) if (v.startsWith('features/') && !index.has(v)) visit(v);
  return cycles;
}

const webGraph = () => partGraph(appSources());

describe('the import graph of web/src', () => {
  it('has no cycle between features', () => {
    expect(featureCycles(webGraph())).toEqual([]);
  });

  it('has no feature importing app/ (app composes features, not the other way)', () => {
    const offenders = [...webGraph()]
      .filter(([from, to]) => from.startsWith('features/') && to.has('app'))
      .map(([from]) => from);
    expect(offenders).toEqual([]);
  });

  it('has no shared/ module importing a feature or app/', () => {
    expect([...(webGraph().get('shared') ?? [])].filter((to) => to === 'app' || to.startsWith('features/'))).toEqual(
      [],
    );
  });

  it('finds a cycle through three features, and static, re-exported and lazy imports alike', () => {
    const graph = partGraph([
      { file: 'features/a/x.ts', source: "import { b } from '../b';" },
      { file: 'features/b/index.ts', source: "export { c } from '../c/index';" },
      { file: 'features/c/y.tsx', source: "const a = () => import('../a/pages');" },
      { file: 'features/d/z.ts', source: "import { a } from '../a';\nimport { x } from '../../app/store/store';" },
    ]);
    expect(featureCycles(graph)).toEqual([['features/a', 'features/b', 'features/c']]);
    expect(graph.get('features/d')).toEqual(new Set(['features/a', 'app']));
  });
});
