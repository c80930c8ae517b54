// Starts a Realtime Database emulator for the rules tests and loads database.rules.json into it
// through @firebase/rules-unit-testing, exactly as a developer would against the official emulator.
// RTDB_EMULATOR_HOST (host:port) points the suite at an emulator that is already running (e.g. the
// official one where Java is available); otherwise the project's own emulator is started on a free port.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/app';
import { createMockUserToken } from '@firebase/util';
import { afterAll } from 'vitest';

// Every refused write is expected here; the SDK would log each one as a warning.
setLogLevel('error');

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// RULES_FILE lets a mutated copy of the rules be checked against the suite (the suite must then fail).
export const RULES_SOURCE = readFileSync(process.env.RULES_FILE ?? path.join(ROOT, 'database.rules.json'), 'utf8');

interface RunningEmulator {
  host: string;
  port: number;
  close(): Promise<void>;
}

async function startOwnEmulator(): Promise<RunningEmulator> {
  const entry = path.join(ROOT, 'emulator', 'dist', 'index.js');
  if (!existsSync(entry)) {
    throw new Error('The database emulator is not built (emulator/dist/index.js is missing). Run: npx tsc -b emulator');
  }
  const { startEmulator } = (await import(pathToFileURL(entry).href)) as {
    startEmulator(options: { port: number; host: string; rulesSource: string; log?: (line: string) => void }): Promise<{
      port: number;
      host: string;
      close(): Promise<void>;
    }>;
  };
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', rulesSource: RULES_SOURCE, log: () => {} });
  return { host: emulator.host, port: emulator.port, close: () => emulator.close() };
}

export interface RulesSuite {
  testEnv: RulesTestEnvironment;
  stop(): Promise<void>;
}

/** One emulator and one test environment per test file; projectId doubles as the namespace. */
export async function startRulesSuite(projectId: string): Promise<RulesSuite> {
  const external = process.env.RTDB_EMULATOR_HOST;
  let emulator: RunningEmulator;
  if (external) {
    const [host, port] = external.split(':');
    emulator = { host, port: Number(port), close: async () => {} };
  } else {
    emulator = await startOwnEmulator();
  }
  try {
    const testEnv = await initializeTestEnvironment({
      projectId,
      database: { host: emulator.host, port: emulator.port, rules: RULES_SOURCE },
    });
    return {
      testEnv,
      async stop() {
        await testEnv.cleanup();
        await emulator.close();
      },
    };
  } catch (error) {
    await emulator.close();
    throw error;
  }
}

/**
 * A rules test file's environment: its emulator and test environment start as the file loads (a
 * constant of the file) and stop after the file's tests.
 */
export async function rulesTestEnv(projectId: string): Promise<RulesTestEnvironment> {
  const suite = await startRulesSuite(projectId);
  afterAll(() => suite.stop());
  return suite.testEnv;
}

/**
 * A write over REST as `uid` (with an emulator ID token, as the Auth emulator issues), for what the
 * SDK would not send as it is: its HTTP status.
 */
export async function restWriteAs(
  testEnv: RulesTestEnvironment,
  uid: string,
  method: 'PUT' | 'PATCH',
  path: string,
  body: unknown,
): Promise<number> {
  const { host, port } = testEnv.emulators.database!;
  const token = createMockUserToken(
    { user_id: uid, sub: uid } as Parameters<typeof createMockUserToken>[0],
    testEnv.projectId,
  );
  const url = `http://${host}:${port}/${path}.json?ns=${testEnv.projectId}&auth=${encodeURIComponent(token)}`;
  const response = await fetch(url, { method, body: JSON.stringify(body) });
  await response.text();
  return response.status;
}
