// The stack the end-to-end files share (started once per run by globalSetup.ts). The files run
// against one database, so none may depend on data another file creates or changes: each registers
// its own users with unique e-mails (stackClient().register), and a file that needs the demo
// participant's family, invoice data and pickup code gets its own copy of that account
// (demoParticipantCopy) instead of changing the demo account others see. Counts are taken of
// one's own data, never of the whole database.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { inject } from 'vitest';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { ensureDemoAccount, loadDemoAccounts } from '../../../seed/src/accounts.js';
import { ROOT } from '../../../scripts/lib/stack.mjs';
import type { Account } from './stack';

/** Where the shared stack listens, and what identifies its database and functions. */
export interface SharedStack {
  /** `mail`: the mail catcher's inbox (scripts/lib/mailInbox.mjs reads it). */
  urls: {
    rtdb: string;
    auth: string;
    functions: string;
    web: string;
    mail?: string;
    p24?: string;
    ksefControl?: string;
  };
  namespace: string;
  projectId: string;
  region: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eStack: SharedStack;
  }
}

/** The stack of this test run (see globalSetup.ts). */
export function sharedStack(): SharedStack {
  return inject('e2eStack');
}

export interface ParticipantCopy extends Account {
  /** The account's pickup code (its QR code at the pickup station). */
  pickupCode: string;
}

// The pickup code alphabet (no 0/O, 1/I): seed/src/schema.js.
const PICKUP_CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A participant set up exactly as the seed sets up the demo participant (Marta Nowak, her family
 * under the same member ids — demo-partner, demo-corka, demo-syn — and her invoice data), under a
 * new uid, e-mail and pickup code: the file that asks for it may order, pay, refund and change
 * roles with it without touching what other files see.
 */
export async function demoParticipantCopy(stack: SharedStack, label: string): Promise<ParticipantCopy> {
  const { accounts } = await loadDemoAccounts(path.join(ROOT, 'seed', 'demo-accounts.json'));
  const demo = accounts.find((account) => account.role === 'uczestnik')!;
  const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
  const pickupCode = Array.from(randomBytes(8), (byte) => PICKUP_CODE_LETTERS[byte % PICKUP_CODE_LETTERS.length]).join(
    '',
  );
  const copy = {
    ...demo,
    uid: `kopia${label.replace(/[^A-Za-z0-9]/g, '')}${suffix}`,
    email: `uczestnik-${label}-${suffix}@example.com`,
    pickupCode,
  };
  // The Admin SDK finds the Auth emulator through this variable (the stack's database URL names its own).
  process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(stack.urls.auth).host;
  const app = initializeApp(
    { projectId: stack.projectId, databaseURL: `${stack.urls.rtdb}?ns=${stack.namespace}` },
    `demo-copy-${suffix}`,
  );
  try {
    await ensureDemoAccount(getAuth(app), getDatabase(app), copy);
  } finally {
    await getDatabase(app).goOffline();
    await deleteApp(app);
  }
  return { uid: copy.uid, email: copy.email, password: copy.password, pickupCode };
}
