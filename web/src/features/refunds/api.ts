import type { CorrectionInvoice, OrderRefunds } from '@domain/refunds';
import { correctionInvoiceSchema, orderRefundsSchema } from '@domain/refundSchemas';
import { refundCandidateSchema, type RefundCandidate } from '@domain/bank/schemas';
import {
  injectRealtimeEndpoints,
  parseEntries,
  parseRecordMap,
  realtimeEndpoint,
  recordEndpoint,
} from '../../shared/api/realtime';

export interface CorrectionEntry extends CorrectionInvoice {
  id: string;
}
interface CorrectionKey {
  uid: string;
  correctionId: string;
}

export function toCorrections(raw: unknown, uid: string): CorrectionEntry[] {
  return parseEntries(correctionInvoiceSchema, raw, `corrections/${uid}`).sort((a, b) => b.issuedAt - a.issuedAt);
}

const refundsApi = injectRealtimeEndpoints((build) => ({
  /** One order's refund requests and refunds, live (the participant sees decisions as they happen). */
  getOrderRefunds: build.query<OrderRefunds | null, string>(
    recordEndpoint(orderRefundsSchema, (orderId) => `refunds/${orderId}`),
  ),
  /** Admin: every order's refunds. */
  getAllRefunds: build.query<Record<string, OrderRefunds>, void>(
    realtimeEndpoint(
      () => 'refunds',
      (raw) => parseRecordMap(orderRefundsSchema, raw, 'refunds'),
    ),
  ),
  /** Admin: the open transfers the statement import set aside for a refund, newest first. */
  getBankRefundCandidates: build.query<RefundCandidate[], void>(
    realtimeEndpoint(
      () => ({ path: 'bank/refundCandidates', orderByChild: 'status', equalTo: 'open' }),
      (raw) =>
        Object.values(parseRecordMap(refundCandidateSchema, raw, 'bank/refundCandidates')).sort(
          (a, b) => b.createdAt - a.createdAt,
        ),
    ),
  ),
  getMyCorrections: build.query<CorrectionEntry[], string>(
    realtimeEndpoint((uid) => `corrections/${uid}`, toCorrections),
  ),
  getCorrection: build.query<CorrectionInvoice | null, CorrectionKey>(
    recordEndpoint(correctionInvoiceSchema, ({ uid, correctionId }) => `corrections/${uid}/${correctionId}`),
  ),
}));

export const {
  useGetOrderRefundsQuery,
  useGetAllRefundsQuery,
  useGetBankRefundCandidatesQuery,
  useGetMyCorrectionsQuery,
  useGetCorrectionQuery,
} = refundsApi;
