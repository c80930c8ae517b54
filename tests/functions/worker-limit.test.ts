// The Functions emulator's worker processes stay bounded (issue 23 §6): firebase-tools keeps a Node
// process per function used and one more per concurrent request, and never stops one, so a stack used
// all day held 62 idle workers (7.9 GB). scripts/lib/functionsWorkerLimit.mjs keeps at most
// FUNCTIONS_WORKER_LIMIT and stops a burst's extra workers once idle. This file starts its own stack
// with a small limit and counts the worker processes the real firebase-tools process has.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStack } from '../../scripts/lib/stack.mjs';
import { listCallables } from '../../scripts/lib/warmFunctions.mjs';
import { listProcesses } from '../helpers/processes.mjs';
import { until } from '../helpers/until.js';

type Stack = Awaited<ReturnType<typeof startStack>>;

const LIMIT = 3;
const EXTRA_IDLE_S = 5;
let stack: Stack;
let callables: { name: string; region: string }[];
const savedEnv = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, {
    FUNCTIONS_WORKER_LIMIT: String(LIMIT),
    FUNCTIONS_EMULATOR_PARALLEL: String(LIMIT),
    FUNCTIONS_EXTRA_WORKER_IDLE_S: String(EXTRA_IDLE_S),
  });
  stack = await startStack({ ports: 'free', seed: false, web: false });
  callables = await listCallables(stack.urls.functions!);
}, 600_000);

afterAll(async () => {
  process.env = savedEnv;
  await stack?.stop();
});

/** The function each live worker process of this stack's firebase-tools serves (its K_SERVICE). */
function workers(): string[] {
  const firebasePid = stack.processes.find((p: { name: string }) => p.name === 'firebase')!.child.pid;
  const services: string[] = [];
  for (const p of listProcesses()) {
    if (p.ppid !== firebasePid || p.state === 'Z' || !p.functionsWorker) continue;
    try {
      const service = p
        .read('environ')
        .split('\0')
        .find((v) => v.startsWith('K_SERVICE='));
      services.push(service?.slice('K_SERVICE='.length) ?? '?');
    } catch {
      // The process ended while being read.
    }
  }
  return services;
}

/** An anonymous call with an empty body: every callable refuses it with an error of its own. */
async function refusedCall(name: string): Promise<string | undefined> {
  const { region } = callables.find((c) => c.name === name)!;
  const response = await fetch(`${stack.urls.functions}/${stack.projectId}/${region}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ data: {} }),
  });
  return ((await response.json()) as { error?: { status?: string } }).error?.status;
}

it('keeps at most FUNCTIONS_WORKER_LIMIT workers however many functions are used, and every call is answered', async () => {
  expect(stack.functionsWorkerLimit).toBe(LIMIT);
  const used = callables.slice(0, 2 * LIMIT).map((c) => c.name);
  expect(used).toHaveLength(2 * LIMIT);
  for (const name of used) {
    expect(['INVALID_ARGUMENT', 'UNAUTHENTICATED', 'PERMISSION_DENIED', 'FAILED_PRECONDITION']).toContain(
      await refusedCall(name),
    );
    await until(
      () => workers().length <= LIMIT,
      () => `${workers().length} workers: ${workers().join(', ')}`,
    );
  }
  // The functions used last are the ones kept.
  expect(new Set(workers())).toEqual(new Set(used.slice(-LIMIT)));
}, 300_000);

it("stops a burst's extra workers of a function once they have been idle", async () => {
  const name = callables[0].name;
  const answers = await Promise.all(Array.from({ length: LIMIT }, () => refusedCall(name)));
  expect(answers.every(Boolean)).toBe(true);
  // Concurrent requests to a function with no idle worker each start one (they are stopped only after
  // EXTRA_IDLE_S of idleness, far longer than this look takes).
  expect(workers().filter((s) => s === name).length).toBeGreaterThan(1);
  await until(
    () => workers().filter((s) => s === name).length === 1,
    () => `workers: ${workers().join(', ')}`,
    60_000 + EXTRA_IDLE_S * 1000,
  );
  expect(workers().length).toBeLessThanOrEqual(LIMIT);
}, 300_000);
