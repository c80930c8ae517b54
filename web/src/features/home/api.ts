import { useMemo } from 'react';
import type { EventSettings } from '@domain/schemas';
import { realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';

/** `/event` (docs/data-model.md): what the dashboard's event card needs. */
export interface EventInfo {
  name: string;
  place: string;
  startDate: string;
  endDate: string;
}

export function toEventInfo(raw: unknown): EventInfo | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const e = raw as Record<string, unknown>;
  if (typeof e.name !== 'string') return null;
  return {
    name: e.name,
    place: typeof e.place === 'string' ? e.place : '',
    startDate: typeof e.startDate === 'string' ? e.startDate : '',
    endDate: typeof e.endDate === 'string' ? e.endDate : '',
  };
}

export const eventApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** `/event`, the one endpoint for it: the dashboard's card and the admin's settings form both read it. */
    getEvent: build.query<EventSettings | null, void>(
      realtimeEndpoint(() => 'event', (raw) => (typeof raw === 'object' && raw !== null ? (raw as EventSettings) : null)),
    ),
  }),
});

export const { useGetEventQuery } = eventApi;

/** `/event` as the dashboard's event card needs it (null while it has no name). */
export function useEventInfo() {
  const result = useGetEventQuery();
  const data = useMemo(() => (result.data ? toEventInfo(result.data) : null), [result.data]);
  return { ...result, data };
}
