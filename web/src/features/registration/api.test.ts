import { describe, expect, it } from 'vitest';
import { MalformedRecordError } from '../../shared/api/realtime';
import { toCountries } from './api';

describe('/countries parsed where it enters', () => {
  it('/countries: sorted with Poland first; a name that is not text, or a key that is not a code, is refused', () => {
    expect(toCountries({ DE: 'Niemcy', PL: 'Polska', CZ: 'Czechy' }).map((c) => c.code)).toEqual(['PL', 'CZ', 'DE']);
    expect(toCountries(null)).toEqual([]);
    expect(() => toCountries({ PL: 'Polska', DE: 7 })).toThrow(MalformedRecordError);
    expect(() => toCountries({ Polska: 'Polska' })).toThrow(MalformedRecordError);
  });
});
