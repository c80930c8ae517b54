// The Auth accounts that `npm start` keeps across restarts (issue 11 §4): a stack stopped while
// requests are in flight, next to another stack of the same project on the machine (a test run beside
// `npm start`), must come back with every account it had acknowledged. firebase-tools' export on exit
// once asked the other stack's hub for its accounts and replaced the kept export with them.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStack } from '../../scripts/lib/stack.mjs';
import { AUTH_EXPORT_DIRS, readAuthExport } from '../../scripts/lib/authExport.mjs';
import { accountsRequest } from '../helpers/stackHttp.mjs';
import { until } from '../helpers/until.js';

type Stack = Awaited<ReturnType<typeof startStack>>;

const PASSWORD = 'haslo-testowe-123';
const running: Stack[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-auth-export-'));

afterAll(async () => {
  await Promise.allSettled(running.map((stack) => stack.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startStack>[0]): Promise<Stack> {
  const stack = await startStack(options);
  running.push(stack);
  return stack;
}

async function stop(stack: Stack): Promise<void> {
  running.splice(running.indexOf(stack), 1);
  await stack.stop();
}

/** Creates an account through the Auth emulator's REST API; resolves whether it was acknowledged. */
async function signUp(stack: Stack, email: string): Promise<boolean> {
  try {
    const response = await accountsRequest(stack.urls.auth!, 'signUp', {
      email,
      password: PASSWORD,
      returnSecureToken: true,
    });
    return response.status === 200;
  } catch {
    return false;
  }
}

async function accountEmails(stack: Stack): Promise<Set<string>> {
  const response = await fetch(
    `${stack.urls.auth}/identitytoolkit.googleapis.com/v1/projects/${stack.projectId}/accounts:batchGet?maxResults=10000`,
    {
      headers: { Authorization: 'Bearer owner' },
    },
  );
  expect(response.status).toBe(200);
  const { users = [] } = (await response.json()) as { users?: { email?: string }[] };
  return new Set(users.map((user) => user.email ?? ''));
}

describe('Auth accounts kept across a restart of the persistent stack', () => {
  it(
    'keeps every acknowledged account after a stop under load, with another stack of the project running',
    { timeout: 300_000 },
    async () => {
      // The other stack starts first, so it owns firebase-tools' shared hub locator file.
      const neighbour = await start({ ports: 'free' });
      expect(await signUp(neighbour, 'sasiad@example.com')).toBe(true);

      const stack = await start({ ports: 'free', dataDir });
      const acknowledged: string[] = [];
      for (let i = 0; i < 20; i++) {
        const email = `przed-${i}@example.com`;
        expect(await signUp(stack, email)).toBe(true);
        acknowledged.push(email);
      }

      // Load: four clients creating accounts without pause, and a burst of callable requests.
      let stopping = false;
      let created = 0;
      const clients = Array.from({ length: 4 }, async (_, client) => {
        for (let i = 0; !stopping; i++) {
          const email = `w-trakcie-${client}-${i}@example.com`;
          if ((await signUp(stack, email)) && !stopping) {
            created++;
            acknowledged.push(email);
          }
        }
      });
      const callables = Array.from({ length: 40 }, () =>
        fetch(`${stack.urls.functions}/${stack.projectId}/${stack.region}/syncProfile`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ data: {} }),
        }).then(
          (response) => response.status,
          () => 'no answer',
        ),
      );
      await until(
        () => created >= 20,
        () => `${created} accounts created under load`,
        240_000,
      );

      // Only accounts acknowledged before the stop began count: later ones may miss the export snapshot.
      stopping = true;
      const required = [...acknowledged];
      await stop(stack);
      await Promise.all([...clients, ...callables]);

      expect(readAuthExport(path.join(dataDir, AUTH_EXPORT_DIRS.current))).toMatchObject({ ok: true });
      const restarted = await start({ ports: 'free', dataDir });
      const emails = await accountEmails(restarted);
      expect(required.filter((email) => !emails.has(email))).toEqual([]);
      expect(emails.has('sasiad@example.com')).toBe(false);
      await stop(restarted);
      await stop(neighbour);
    },
  );
});
