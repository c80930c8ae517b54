import type { CallableInput, CallableOutput } from '@domain/callables';
import type { CorrectionInvoice, OrderRefunds } from '@domain/refunds';
import { realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';
import { callFunction } from '../../shared/firebase';

export interface CorrectionEntry extends CorrectionInvoice {
  id: string;
}
export interface CorrectionKey {
  uid: string;
  correctionId: string;
}

const asObject = <T>(raw: unknown): T | null => (typeof raw === 'object' && raw !== null ? (raw as T) : null);

function toCorrections(raw: unknown): CorrectionEntry[] {
  return Object.entries(asObject<Record<string, CorrectionInvoice>>(raw) ?? {})
    .map(([id, c]) => ({ ...c, id }))
    .sort((a, b) => b.issuedAt - a.issuedAt);
}

export const refundsApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** One order's refund requests and refunds, live (the participant sees decisions as they happen). */
    getOrderRefunds: build.query<OrderRefunds | null, string>(realtimeEndpoint((orderId) => `refunds/${orderId}`, (raw) => asObject<OrderRefunds>(raw))),
    /** Admin: every order's refunds. */
    getAllRefunds: build.query<Record<string, OrderRefunds>, void>(realtimeEndpoint(() => 'refunds', (raw) => asObject<Record<string, OrderRefunds>>(raw) ?? {})),
    getMyCorrections: build.query<CorrectionEntry[], string>(realtimeEndpoint((uid) => `corrections/${uid}`, toCorrections)),
    getCorrection: build.query<CorrectionInvoice | null, CorrectionKey>(realtimeEndpoint(({ uid, correctionId }) => `corrections/${uid}/${correctionId}`, (raw) => asObject<CorrectionInvoice>(raw))),
  }),
});

export const { useGetOrderRefundsQuery, useGetAllRefundsQuery, useGetMyCorrectionsQuery, useGetCorrectionQuery } = refundsApi;

const call =
  <N extends 'requestRefund' | 'withdrawRefundRequest' | 'approveRefund' | 'rejectRefund' | 'startRefund' | 'markRefundTransferred' | 'acceptPickupReturn'>(name: N) =>
  (input: CallableInput<N>) =>
    callFunction<CallableInput<N>, CallableOutput<N>>(name, input);

export const requestRefund = call('requestRefund');
export const withdrawRefundRequest = call('withdrawRefundRequest');
export const approveRefund = call('approveRefund');
export const rejectRefund = call('rejectRefund');
export const startRefund = call('startRefund');
export const markRefundTransferred = call('markRefundTransferred');
export const acceptPickupReturn = call('acceptPickupReturn');

/** „129,50” / „129” (zł) → grosze; null when it is not an amount. */
export function parseZloty(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*(?:zł)?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
