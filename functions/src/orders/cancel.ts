import { onCall } from 'firebase-functions/v2/https';
import { cancelOrderInput } from '../domain/index.js';
import { requireCaller } from '../lib/caller.js';
import { parseInput } from '../lib/refusal.js';
import { cancelOrderAs } from './cancellation.js';

/** The owner (or an admin) cancels a pending order (orders/cancellation.ts does the work). */
export const cancelOrder = onCall(async (request) => {
  const input = parseInput(cancelOrderInput, request.data);
  return cancelOrderAs(requireCaller(request), input.orderId);
});
