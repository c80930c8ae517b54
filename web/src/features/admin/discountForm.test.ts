import { describe, expect, it } from 'vitest';
import { discountTermsSchema } from '@domain/discounts';
import { emptyTerms, termsPayload, termsValues } from './discountForm';

describe('discount code form values', () => {
  it('a stored code opens in the edit form as typed and saves back to the same terms', () => {
    const terms = {
      kind: 'amount' as const,
      value: 1250,
      active: true,
      ticketTypeIds: { karnet: true as const },
      productIds: { kubek: true as const },
      maxUses: 30,
      maxPerAccount: 2,
      validFrom: Date.UTC(2026, 5, 1, 8, 0),
      validUntil: Date.UTC(2026, 6, 1, 20, 30),
      label: 'Wcześni',
    };
    const values = termsValues(terms);
    expect(values).toMatchObject({
      kind: 'amount',
      value: '12,50',
      scope: ['t:karnet', 'p:kubek'],
      maxUses: 30,
      maxPerAccount: 2,
      active: true,
      label: 'Wcześni',
    });
    expect(termsPayload(values)).toEqual(terms);
    expect(termsValues({ kind: 'percent', value: 20, active: false })).toMatchObject({
      value: '20',
      scope: [],
      maxUses: '',
      validFrom: '',
      active: false,
      label: '',
    });
  });

  it('an empty form leaves the limits and dates out; a value that does not parse is named by the schema', () => {
    expect(termsPayload(emptyTerms('percent'))).toEqual({ kind: 'percent', value: 100, active: true });
    const bad = discountTermsSchema.safeParse(termsPayload({ ...emptyTerms('price'), value: 'dużo' }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['value']);
  });

  it('validity dates are typed and shown on Warsaw’s clock, whatever the browser’s time zone', () => {
    // This suite runs in UTC: a browser-local reading would be an hour or two off.
    const typed = { ...emptyTerms('percent'), validFrom: '2026-12-01T10:00', validUntil: '2027-07-01T23:59' };
    expect(termsPayload(typed)).toMatchObject({
      validFrom: Date.parse('2026-12-01T09:00:00Z'),
      validUntil: Date.parse('2027-07-01T21:59:00Z'),
    });
    const shown = termsValues({
      kind: 'percent',
      value: 10,
      active: true,
      validFrom: Date.parse('2026-12-31T23:30:00Z'),
    });
    expect(shown.validFrom).toBe('2027-01-01T00:30');
    // Not a calendar day: left out, as an empty field.
    expect(termsPayload({ ...emptyTerms('percent'), validFrom: '2026-02-30T10:00' })).not.toHaveProperty('validFrom');
  });
});
