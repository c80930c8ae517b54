import type { CorrectionInvoice, OrderRefunds } from '@domain/refunds';
import { correctionInvoiceSchema, orderRefundsSchema } from '@domain/refundSchemas';
import { refundCandidateSchema, type RefundCandidate } from '@domain/bank/schemas';
import {
  parseRecord,
  parseRecords,
  realtimeApi,
  realtimeEndpoint,
  realtimeQueryEndpoint,
} from '../../shared/api/realtime';

export interface CorrectionEntry extends CorrectionInvoice {
  id: string;
}
interface CorrectionKey {
  uid: string;
  correctionId: string;
}

export function toCorrections(raw: unknown, uid: string): CorrectionEntry[] {
  return parseRecords(correctionInvoiceSchema, raw, `corrections/${uid}`)
    .map(([id, c]) => ({ ...c, id }))
    .sort((a, b) => b.issuedAt - a.issuedAt);
}

const refundsApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** One order's refund requests and refunds, live (the participant sees decisions as they happen). */
    getOrderRefunds: build.query<OrderRefunds | null, string>(
      realtimeEndpoint(
        (orderId) => `refunds/${orderId}`,
        (raw, orderId) => (raw == null ? null : parseRecord(orderRefundsSchema, raw, `refunds/${orderId}`)),
      ),
    ),
    /** Admin: every order's refunds. */
    getAllRefunds: build.query<Record<string, OrderRefunds>, void>(
      realtimeEndpoint(
        () => 'refunds',
        (raw) => Object.fromEntries(parseRecords(orderRefundsSchema, raw, 'refunds')),
      ),
    ),
    /** Admin: the open transfers the statement import set aside for a refund, newest first. */
    getBankRefundCandidates: build.query<RefundCandidate[], void>(
      realtimeQueryEndpoint(
        ({ db, sdk }) =>
          sdk.query(sdk.ref(db, 'bank/refundCandidates'), sdk.orderByChild('status'), sdk.equalTo('open')),
        (raw) =>
          parseRecords(refundCandidateSchema, raw, 'bank/refundCandidates')
            .map(([, c]) => c)
            .sort((a, b) => b.createdAt - a.createdAt),
      ),
    ),
    getMyCorrections: build.query<CorrectionEntry[], string>(
      realtimeEndpoint((uid) => `corrections/${uid}`, toCorrections),
    ),
    getCorrection: build.query<CorrectionInvoice | null, CorrectionKey>(
      realtimeEndpoint(
        ({ uid, correctionId }) => `corrections/${uid}/${correctionId}`,
        (raw, { uid, correctionId }) =>
          raw == null ? null : parseRecord(correctionInvoiceSchema, raw, `corrections/${uid}/${correctionId}`),
      ),
    ),
  }),
});

export const {
  useGetOrderRefundsQuery,
  useGetAllRefundsQuery,
  useGetBankRefundCandidatesQuery,
  useGetMyCorrectionsQuery,
  useGetCorrectionQuery,
} = refundsApi;
