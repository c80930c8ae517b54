// No client-minted key may name a member of a plain JavaScript object: the Firebase SDKs keep
// per-path state in plain objects, and one such key breaks every later transaction of the process
// that touches it (functions) or hangs the writer's own client. The rules refuse these keys wherever
// a participant writes a key (members, basket lines, participant references in the basket).
// The writes go over REST with the owner's ID token: the web SDK itself cannot be trusted to send
// them (that is the bug), and REST is what an attacker would use anyway.
import { beforeEach, describe, expect, it } from 'vitest';
import { restWriteAs, rulesTestEnv } from './setup.js';
import { OWNER, seedDatabase } from './fixtures.js';

export const OBJECT_INTERNAL_NAMES = [
  'hasOwnProperty',
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'prototype',
] as const;

const testEnv = await rulesTestEnv('demo-rules-internals');

const ownerPatch = (path: string, body: Record<string, unknown>) => restWriteAs(testEnv, OWNER, 'PATCH', path, body);

const now = { '.sv': 'timestamp' };

beforeEach(() => seedDatabase(testEnv));

describe('object-internal names as client keys are refused by the rules', () => {
  it('a well-formed basket update is accepted (the probe itself works)', async () => {
    expect(
      await ownerPatch(`baskets/${OWNER}`, {
        'merch/-Nx1line0000000000001': { productId: 'tshirt', variantId: 'M', quantity: 1 },
        updatedAt: now,
      }),
    ).toBe(200);
  });

  for (const name of OBJECT_INTERNAL_NAMES) {
    it(`"${name}" as a participant id in the basket`, async () => {
      expect(
        await ownerPatch(`baskets/${OWNER}`, { [`tickets/${name}`]: { ticketTypeId: 'karnet' }, updatedAt: now }),
      ).toBe(401);
    });
    it(`"${name}" as a basket line id`, async () => {
      expect(
        await ownerPatch(`baskets/${OWNER}`, {
          [`merch/${name}`]: { productId: 'tshirt', variantId: 'M', quantity: 1 },
          updatedAt: now,
        }),
      ).toBe(401);
    });
    it(`"${name}" as the participant a basket line is for`, async () => {
      expect(
        await ownerPatch(`baskets/${OWNER}`, {
          'merch/-Nx1line0000000000002': { productId: 'tshirt', variantId: 'M', quantity: 1, memberId: name },
          updatedAt: now,
        }),
      ).toBe(401);
    });
    it(`"${name}" as a product or variant referenced by a basket line`, async () => {
      expect(
        await ownerPatch(`baskets/${OWNER}`, {
          'merch/-Nx1line0000000000003': { productId: name, variantId: 'M', quantity: 1 },
          updatedAt: now,
        }),
      ).toBe(401);
      expect(
        await ownerPatch(`baskets/${OWNER}`, {
          'merch/-Nx1line0000000000004': { productId: 'tshirt', variantId: name, quantity: 1 },
          updatedAt: now,
        }),
      ).toBe(401);
    });
    it(`"${name}" as a participant id`, async () => {
      expect(
        await ownerPatch(`members/${OWNER}/${name}`, { firstName: 'Ola', lastName: 'Nowak', createdAt: now }),
      ).toBe(401);
    });
  }
});
