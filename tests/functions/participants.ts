// Participants as the callables leave them: registered (with family members), a basket filled,
// a ticket bought and its transfer confirmed by the admin.
import { invoiceSchema, parseWith, type Invoice } from '../../functions/src/domain/index.js';
import { createUser, type TestEnv, type TestUser } from './helpers.js';
import { COMPANY, PERSON, REGISTRATION, key } from './fixtures.js';

/** A registered participant (profile via the real callable) with optional extra members. */
export async function registeredUser(
  env: TestEnv,
  members: Record<string, { firstName: string; lastName: string }> = {},
): Promise<TestUser> {
  const user = await createUser(env);
  await user.call('completeRegistration', REGISTRATION);
  for (const [id, m] of Object.entries(members))
    await env.db.ref(`members/${user.uid}/${id}`).set({ ...m, createdAt: Date.now() });
  return user;
}

/**
 * The participant places their basket's order (`placeTicketOrder` or `placeMerchOrder`) with a fresh
 * idempotency key and the terms accepted, as `buyerData` (a private person unless given).
 */
export function placeOrder<N extends 'placeTicketOrder' | 'placeMerchOrder'>(
  user: TestUser,
  callable: N,
  buyerData: typeof COMPANY | typeof PERSON = PERSON,
) {
  return user.call(callable, { idempotencyKey: key(), buyer: buyerData, acceptTerms: true });
}

export async function setTicketBasket(env: TestEnv, uid: string, tickets: Record<string, string>): Promise<void> {
  await env.db.ref(`baskets/${uid}`).set({
    tickets: Object.fromEntries(Object.entries(tickets).map(([m, t]) => [m, { ticketTypeId: t }])),
    updatedAt: Date.now(),
  });
}

/** A participant buys a `karnet` ticket and the admin confirms the transfer: the real invoice snapshot. */
export async function paidInvoice(
  env: TestEnv,
  admin: TestUser,
  buyerData: typeof COMPANY | typeof PERSON = COMPANY,
): Promise<{ buyer: TestUser; orderId: string; invoiceId: string; invoice: Invoice }> {
  const buyer = await registeredUser(env);
  await setTicketBasket(env, buyer.uid, { self: 'karnet' });
  const order = await placeOrder(buyer, 'placeTicketOrder', buyerData);
  const { invoiceId } = await admin.call('confirmPayment', { orderId: order.orderId });
  const invoice = parseWith(invoiceSchema, (await env.db.ref(`invoices/${buyer.uid}/${invoiceId}`).get()).val());
  if (!invoice.ok) throw new Error(`The stored invoice ${invoiceId} is malformed: ${invoice.error.message}`);
  return { buyer, orderId: order.orderId, invoiceId, invoice: invoice.data };
}

export async function setMerchBasket(
  env: TestEnv,
  uid: string,
  lines: Record<string, { productId: string; variantId: string; quantity: number; memberId?: string }>,
): Promise<void> {
  await env.db.ref(`baskets/${uid}`).set({ merch: lines, updatedAt: Date.now() });
}
