import { onCall } from 'firebase-functions/v2/https';
import { confirmPaymentInput, type ConfirmPaymentOutput } from '../domain/index.js';
import { requireAdmin } from '../lib/caller.js';
import { parseInput } from '../lib/refusal.js';
import { confirmOrderPayment } from './confirmation.js';

/** The admin confirms an order's payment by hand (orders/confirmation.ts does the work). */
export const confirmPayment = onCall(async (request): Promise<ConfirmPaymentOutput> => {
  const { orderId } = parseInput(confirmPaymentInput, request.data);
  const { late: _late, ...output } = await confirmOrderPayment(orderId, requireAdmin(request));
  return output;
});
