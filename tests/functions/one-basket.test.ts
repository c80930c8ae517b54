import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS } from '../../functions/src/domain/index.js';
import { createUser, refusal, settleCalls, startEnv, stopEnv } from './helpers.js';
import { EVENT, PERSON, key, product, ticketType } from './fixtures.js';
import { placeOrder, registeredUser, setMerchBasket, setTicketBasket } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';

// One basket, one order: the same basket placed twice at once (two browser tabs, so two idempotency
// keys) gives one order, its units counted once, and a clear Polish refusal to the other tab — and
// nothing of the refused placement stays behind (docs/data-model.md, "One basket, one order").

const ROUNDS = 4;

let env: TestEnv;

beforeAll(async () => {
  env = await startEnv();
  await createUser(env, { claims: { admin: true } });
  await env.db.ref('event').set(EVENT);
  await env.db.ref('ticketTypes/karnet').set(ticketType({ quota: 1000 }));
  await env.db
    .ref('products/koszulka')
    .set(product({ variants: { m: { label: 'M', stock: 1000, sold: 0, sortOrder: 1 } } }));
}, 180_000);
afterAll(() => stopEnv(env));

type Kind = 'placeTicketOrder' | 'placeMerchOrder';

/** Places the buyer's basket from two "tabs" at once; returns the orders that exist afterwards and the refusals. */
async function placeTwiceAtOnce(buyer: TestUser, callable: Kind) {
  const { answers: placed, refusals: refused } = await settleCalls([
    placeOrder(buyer, callable),
    placeOrder(buyer, callable),
  ]);
  const orders = Object.values(
    ((await env.db.ref('orders').orderByChild('uid').equalTo(buyer.uid).get()).val() ?? {}) as Record<
      string,
      { lines: Record<string, { quantity: number }>; status: string }
    >,
  );
  console.log(`${callable}: ${placed.length} placed, refused: ${refused.map((r) => r.reason).join(', ') || '—'}`);
  return { placed, refused, orders };
}

/**
 * The basket's two pieces placed from two tabs at once (`round` of the test's rounds): one order
 * holding both, the other tab refused. Returns the refusal.
 */
async function oneOrderFromTwoTabs(buyer: TestUser, callable: Kind, round: number) {
  const { placed, refused, orders } = await placeTwiceAtOnce(buyer, callable);
  expect(placed, `round ${round}`).toHaveLength(1);
  expect(orders, `round ${round}`).toHaveLength(1);
  expect(Object.values(orders[0].lines).reduce((n, l) => n + l.quantity, 0)).toBe(2);
  expect(refused).toHaveLength(1);
  return refused;
}

async function leftovers(uid: string) {
  const [idempotency, claims, holdings] = await Promise.all(
    ['idempotency', 'basketClaims', 'holdings'].map(async (p) => (await env.db.ref(`${p}/${uid}`).get()).val()),
  );
  return {
    idempotency: Object.values((idempotency ?? {}) as Record<string, { status: string }>).map((r) => r.status),
    claims,
    holdings,
  };
}

/**
 * The other tab is told that its basket is being ordered, was ordered meanwhile, or is empty now — or,
 * for tickets, that its participants already hold them when it read the first tab's ticket claims
 * (a refusal predicted from its first reads, before it wrote anything).
 */
function expectClearRefusal(refused: Awaited<ReturnType<typeof refusal>>[], alsoExpected: string[] = []) {
  for (const r of refused) {
    expect(['basket-in-order', 'basket-changed', 'basket-empty', ...alsoExpected]).toContain(r.reason);
    // already-has-ticket names the participant and the ticket; the basket refusals have one text each.
    if (r.reason === 'already-has-ticket') expect(r.message).toMatch(/ma już bilet/);
    else expect(r.message).toBe(REFUSALS[r.reason as keyof typeof REFUSALS].message);
  }
}

/**
 * The Functions emulator runs each request in a worker process of its own and starts one only when
 * no idle worker is there: two refused calls at once, twice, leave two warm workers, so the two tabs
 * of a round really run side by side instead of the second waiting for a worker to start.
 */
async function warmTwoWorkers(callable: Kind) {
  const idle = await registeredUser(env);
  for (let i = 0; i < 2; i++) {
    await Promise.all([0, 1].map(() => refusal(placeOrder(idle, callable))));
  }
}

describe('one basket, one order', () => {
  it(`two tabs place the same ticket basket (2 participants) at once: one order, 2 tickets counted once (${ROUNDS} rounds)`, async () => {
    await warmTwoWorkers('placeTicketOrder');
    const soldBefore = (await env.db.ref('ticketTypes/karnet/sold').get()).val() as number;
    for (let round = 0; round < ROUNDS; round++) {
      const buyer = await registeredUser(env, { 'kid-1': { firstName: 'Ola', lastName: 'Kowalska' } });
      await setTicketBasket(env, buyer.uid, { self: 'karnet', 'kid-1': 'karnet' });
      expectClearRefusal(await oneOrderFromTwoTabs(buyer, 'placeTicketOrder', round), ['already-has-ticket']);
      expect(await leftovers(buyer.uid)).toEqual({
        idempotency: ['done'],
        claims: null,
        holdings: { tickets: { karnet: 2 } },
      });
      expect((await env.db.ref(`baskets/${buyer.uid}/tickets`).get()).exists()).toBe(false);
      expect(Object.keys((await env.db.ref(`tickets/${buyer.uid}`).get()).val())).toEqual(['kid-1', 'self']);
    }
    expect((await env.db.ref('ticketTypes/karnet/sold').get()).val()).toBe(soldBefore + 2 * ROUNDS);
  });

  it(`two tabs place the same merch basket (2 pieces) at once: one order, 2 pieces counted once (${ROUNDS} rounds)`, async () => {
    await warmTwoWorkers('placeMerchOrder');
    const soldBefore = (await env.db.ref('products/koszulka/variants/m/sold').get()).val() as number;
    for (let round = 0; round < ROUNDS; round++) {
      const buyer = await registeredUser(env);
      await setMerchBasket(env, buyer.uid, { 'line-1': { productId: 'koszulka', variantId: 'm', quantity: 2 } });
      expectClearRefusal(await oneOrderFromTwoTabs(buyer, 'placeMerchOrder', round));
      expect(await leftovers(buyer.uid)).toEqual({
        idempotency: ['done'],
        claims: null,
        holdings: { variants: { koszulka: { m: 2 } } },
      });
      expect((await env.db.ref(`baskets/${buyer.uid}/merch`).get()).exists()).toBe(false);
    }
    expect((await env.db.ref('products/koszulka/variants/m/sold').get()).val()).toBe(soldBefore + 2 * ROUNDS);
  });

  it('a basket claim left by a placement that died goes stale, and the basket can be ordered after it', async () => {
    const buyer = await registeredUser(env);
    await setMerchBasket(env, buyer.uid, { 'line-1': { productId: 'koszulka', variantId: 'm', quantity: 1 } });
    await env.db.ref(`basketClaims/${buyer.uid}/merch`).set({ orderId: '-NdeadPlacement00001', at: Date.now() });
    const busy = await refusal(
      buyer.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true }),
    );
    expect(busy).toMatchObject({ code: 'failed-precondition', reason: 'basket-in-order' });
    expect((await env.db.ref(`idempotency/${buyer.uid}`).get()).exists()).toBe(false);
    await env.db
      .ref(`basketClaims/${buyer.uid}/merch`)
      .set({ orderId: '-NdeadPlacement00001', at: Date.now() - 10 * 60_000 });
    const placed = await buyer.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    expect(placed.status).toBe('pending');
    expect((await env.db.ref(`basketClaims/${buyer.uid}`).get()).exists()).toBe(false);
  });

  it('a ticket and a merch order of the same account at once do not stand in each other’s way', async () => {
    const buyer = await registeredUser(env);
    await env.db.ref(`baskets/${buyer.uid}`).set({
      tickets: { self: { ticketTypeId: 'karnet' } },
      merch: { 'line-1': { productId: 'koszulka', variantId: 'm', quantity: 1 } },
      updatedAt: Date.now(),
    });
    const [tickets, merch] = await Promise.all([
      buyer.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true }),
      buyer.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true }),
    ]);
    expect([tickets.status, merch.status]).toEqual(['pending', 'pending']);
    expect((await env.db.ref(`baskets/${buyer.uid}`).get()).val()).toEqual({ updatedAt: expect.any(Number) });
  });
});
