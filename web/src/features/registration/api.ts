import { z } from 'zod';
import { countryCodeSchema, countryNameSchema } from '@domain/schemas';
import { injectRealtimeEndpoints, parseRecord, realtimeEndpoint } from '../../shared/api/realtime';

interface Country {
  code: string;
  name: string;
}

const collator = new Intl.Collator('pl');

/** `/countries/{code}`: the country's Polish name under its ISO code (docs/data-model.md). */
const countriesSchema = z.record(countryCodeSchema, countryNameSchema);

/** `/countries` (readable before sign-in): sorted by Polish name, Poland first. */
export function toCountries(raw: unknown): Country[] {
  if (raw == null) return [];
  return Object.entries(parseRecord(countriesSchema, raw, 'countries'))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => (a.code === 'PL' ? -1 : b.code === 'PL' ? 1 : collator.compare(a.name, b.name)));
}

export const countriesApi = injectRealtimeEndpoints((build) => ({
  getCountries: build.query<Country[], void>(realtimeEndpoint(() => 'countries', toCountries)),
}));

export const { useGetCountriesQuery } = countriesApi;
