import { describe, expect, it } from 'vitest';
import { realtimeApi } from './realtime';

// Every source file of the app (tests excluded), as text: the endpoint definitions are read from it.
const allSources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const sources = Object.fromEntries(
  Object.entries(allSources).filter(([, text]) => text.includes('injectRealtimeEndpoints((build)')),
);

/** Each `injectRealtimeEndpoints(…)` call: the text from the call to the next one (or the file's end). */
function injectCalls(text: string): string[] {
  return text.split('injectRealtimeEndpoints((build)').slice(1);
}

const endpointNames = (call: string) => [...call.matchAll(/^\s+(\w+): build\.(?:query|mutation)/gm)].map((m) => m[1]!);

/** Database paths read by `realtimeEndpoint(…)` or `recordEndpoint(…)`, with `${…}` parts written as `{}` (`profiles/{}`). */
const readPaths = (call: string) =>
  [...call.matchAll(/(?:realtimeEndpoint\(|recordEndpoint\(\w+,)\s*(?:\([^)]*\)|\w+)\s*=>\s*(['`])([^'`]+)\1/g)].map(
    (m) => m[2]!.replace(/\$\{[^}]+\}/g, '{}'),
  );

function definitionsBy(key: (call: string) => string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [file, text] of Object.entries(sources))
    for (const call of injectCalls(text))
      for (const name of key(call)) found.set(name, [...(found.get(name) ?? []), file]);
  return found;
}

const repeated = (found: Map<string, string[]>) =>
  [...found].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`);

describe('realtime api endpoints', () => {
  it('finds the modules that inject endpoints', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
  });

  it('defines each endpoint name in one place only', () => {
    const names = definitionsBy(endpointNames);
    expect(names.size).toBeGreaterThan(10);
    expect(repeated(names)).toEqual([]);
  });

  it('reads each database path through one endpoint', () => {
    const paths = definitionsBy(readPaths);
    expect(paths.has('profiles/{}')).toBe(true);
    expect(repeated(paths)).toEqual([]);
  });

  it('adds endpoints only through injectRealtimeEndpoints, which refuses to redefine a name', () => {
    const direct = Object.entries(allSources)
      .filter(([file, text]) => !file.endsWith('/realtime.ts') && text.includes('realtimeApi.injectEndpoints('))
      .map(([file]) => file);
    expect(direct).toEqual([]);
  });

  it('reads record paths through recordEndpoint too', () => {
    const paths = definitionsBy(readPaths);
    expect(paths.has('orders/{}')).toBe(true);
    expect(paths.has('event/seller')).toBe(true);
  });

  it('loads every feature api together, and a second definition of a name fails at start-up', async () => {
    // Importing all of them at once is what the app does over a session; with `overrideExisting:
    // 'throw'` a duplicate name would make one of these imports reject.
    const modules = import.meta.glob(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../test/**']);
    await Promise.all(Object.keys(sources).map((file) => modules[file]!()));
    const injectAgain = () =>
      realtimeApi.injectEndpoints({
        overrideExisting: 'throw',
        endpoints: (build) => ({ getMyPickups: build.query<null, string>({ queryFn: () => ({ data: null }) }) }),
      });
    expect(injectAgain).toThrow(/getMyPickups/);
  });
});
