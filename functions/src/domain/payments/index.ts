import { z } from 'zod';
import { keySchema } from '../schemas.js';
import { paymentSessionIdSchema } from './onlinePayment.js';

// The provider's checksums and message schemas (./przelewy24.js) are imported by the functions
// directly: the web app never needs them, and its bundle then carries no SHA-384.
export * from './onlinePayment.js';

/** The participant starts an online payment of their pending order; the answer is the provider's window. */
export const startOnlinePaymentInput = z.strictObject({ orderId: keySchema });
export interface StartOnlinePaymentOutput {
  orderId: string;
  sessionId: string;
  redirectUrl: string;
}

/** Admin: return a payment that is not kept (double payment) through the provider. */
export const refundOnlinePaymentInput = z.strictObject({ sessionId: paymentSessionIdSchema });
export interface RefundOnlinePaymentOutput {
  sessionId: string;
  refundId: string;
  status: 'requested' | 'completed' | 'rejected';
}
