// One stack for the whole end-to-end layer (vitest globalSetup of the e2e project): the database,
// Auth and Functions emulators with the demo data, and the production build of the web app made
// for these emulators (`vite preview`). Starting a stack costs a minute or more on a loaded 2-core
// machine, so the test files share this one (tests/e2e/support/shared.ts) instead of starting their
// own; a file that tests the stack itself (the dev server's version manifest, the preview) still can.
import type { TestProject } from 'vitest/node';
import { buildAll, startStack } from '../../../scripts/lib/stack.mjs';
import type { SharedStack } from './shared';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The Functions emulator serves functions/lib: build it (and the database emulator) from the sources.
  if (!process.env.SKIP_BUILD) buildAll();
  const started = Date.now();
  const stack = await startStack({
    ports: 'free',
    seed: true,
    web: 'preview',
    log: (line: string) => console.log(`[e2e stack] ${line}`),
  });
  console.log(`[e2e stack] ready in ${((Date.now() - started) / 1000).toFixed(0)} s: ${stack.urls.web}`);
  const shared: SharedStack = {
    urls: {
      rtdb: stack.urls.rtdb,
      auth: stack.urls.auth!,
      functions: stack.urls.functions!,
      web: stack.urls.web!,
      mail: stack.urls.mail,
      p24: stack.urls.p24,
      ksefControl: stack.urls.ksefControl,
    },
    namespace: stack.namespace,
    projectId: stack.projectId,
    region: stack.region,
  };
  project.provide('e2eStack', shared);
  return () => stack.stop();
}
