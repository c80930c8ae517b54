import { realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';

export interface Country {
  code: string;
  name: string;
}

const collator = new Intl.Collator('pl');

/** `/countries` (readable before sign-in): sorted by Polish name, Poland first. */
function toCountries(raw: unknown): Country[] {
  if (typeof raw !== 'object' || raw === null) return [];
  return Object.entries(raw as Record<string, unknown>)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => (a.code === 'PL' ? -1 : b.code === 'PL' ? 1 : collator.compare(a.name, b.name)));
}

export const countriesApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getCountries: build.query<Country[], void>(realtimeEndpoint(() => 'countries', toCountries)),
  }),
});

export const { useGetCountriesQuery } = countriesApi;
