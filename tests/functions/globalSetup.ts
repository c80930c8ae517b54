// One stack for the whole functions layer (vitest globalSetup of the functions project): our
// database emulator with the Auth and Functions emulators of firebase-tools, no demo data. The
// files run one after another and each empties the database first (helpers.ts startEnv), so each
// still starts from a fresh database without paying a minute or more for a stack of its own.
import type { TestProject } from 'vitest/node';
import { startStack } from '../../scripts/lib/stack.mjs';
import { buildIfStale, type SharedStack } from './helpers.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The Functions emulator serves functions/lib: rebuilt from the sources when they are newer.
  buildIfStale();
  const started = Date.now();
  const stack = await startStack({ ports: 'free', seed: false, web: false });
  console.log(`[functions stack] ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const shared: SharedStack = {
    urls: { ...stack.urls, auth: stack.urls.auth!, functions: stack.urls.functions! },
    projectId: stack.projectId,
    namespace: stack.namespace,
    env: stack.env,
    p24: stack.urls.p24 && stack.p24Account ? { url: stack.urls.p24, account: stack.p24Account } : undefined,
  };
  project.provide('functionsStack', shared);
  return () => stack.stop();
}
