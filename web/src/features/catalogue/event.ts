import { useMemo } from 'react';
import { eventSchema, sellerSchema, type EventSettings, type Seller } from '@domain/schemas';
import {
  injectRealtimeEndpoints,
  parseOptionalRecord,
  realtimeEndpoint,
  recordEndpoint,
} from '../../shared/api/realtime';

/** `/event` (docs/data-model.md): what the dashboard's event card needs. */
export interface EventInfo {
  name: string;
  place: string;
  startDate: string;
  endDate: string;
}

const toEventInfo = ({ name, place, startDate, endDate }: EventSettings): EventInfo => ({
  name,
  place,
  startDate,
  endDate,
});

/** `/event` parsed with the domain's schema (a malformed record is the endpoint's error); not set yet → null. */
const toEvent = (raw: unknown): EventSettings | null => parseOptionalRecord(eventSchema, raw, 'event');

const eventApi = injectRealtimeEndpoints((build) => ({
  /** `/event`, the one endpoint for it: the dashboard's card and the admin's settings form both read it. */
  getEvent: build.query<EventSettings | null, void>(realtimeEndpoint(() => 'event', toEvent)),
  /**
   * `/event/seller`: recipient and account of bank transfers, which participants may read without the rest
   * of `/event`; not set up yet → null (the order confirmation says so).
   */
  getPaymentSeller: build.query<Seller | null, void>(recordEndpoint(sellerSchema, () => 'event/seller')),
}));

export const { useGetEventQuery, useGetPaymentSellerQuery } = eventApi;

/** `/event` as the dashboard's event card needs it (null while it has no name). */
export function useEventInfo() {
  const result = useGetEventQuery();
  const data = useMemo(() => (result.data ? toEventInfo(result.data) : null), [result.data]);
  // The same object while nothing changed, as RTK Query's own results: the home page defers on it.
  return useMemo(() => ({ ...result, data }), [result, data]);
}
