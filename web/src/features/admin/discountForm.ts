import { parsePln } from '@domain/money';
import type { DiscountKind, DiscountTerms } from '@domain/discounts';
import { groszeToInput, warsawInputToMs, msToWarsawInput } from './ui';
import { optionalInt } from './ui';

/** The terms part of both discount forms, as typed (money as „12,50”, dates as datetime-local). */
export interface DiscountTermsValues {
  kind: DiscountKind;
  /** Percent for `percent`, złote for `amount` / `price`. */
  value: string;
  /** `t:{ticketTypeId}` / `p:{productId}`; empty = everything. */
  scope: string[];
  maxUses: number | string;
  maxPerAccount: number | string;
  validFrom: string;
  validUntil: string;
  active: boolean;
  label: string;
}

export const emptyTerms = (kind: DiscountKind = 'percent', maxUses: number | string = ''): DiscountTermsValues => ({
  kind,
  value: kind === 'percent' ? '100' : '',
  scope: [],
  maxUses,
  maxPerAccount: '',
  validFrom: '',
  validUntil: '',
  active: true,
  label: '',
});

/** A stored code's terms as the form shows them (the edit form starts from these). */
export function termsValues(t: DiscountTerms): DiscountTermsValues {
  return {
    kind: t.kind,
    value: t.kind === 'percent' ? String(t.value) : groszeToInput(t.value),
    scope: [
      ...Object.keys(t.ticketTypeIds ?? {}).map((id) => `t:${id}`),
      ...Object.keys(t.productIds ?? {}).map((id) => `p:${id}`),
    ],
    maxUses: t.maxUses ?? '',
    maxPerAccount: t.maxPerAccount ?? '',
    validFrom: msToWarsawInput(t.validFrom),
    validUntil: msToWarsawInput(t.validUntil),
    active: t.active,
    label: t.label ?? '',
  };
}

/** The shared `discountTermsSchema` payload; a value that does not parse is sent as NaN so the schema names it. */
export function termsPayload(v: DiscountTermsValues) {
  const ids = (prefix: string) =>
    Object.fromEntries(v.scope.filter((s) => s.startsWith(prefix)).map((s) => [s.slice(2), true as const]));
  const ticketTypeIds = ids('t:');
  const productIds = ids('p:');
  const value = v.kind === 'percent' ? Number(v.value.trim() || Number.NaN) : (parsePln(v.value) ?? Number.NaN);
  const maxUses = optionalInt(v.maxUses);
  const maxPerAccount = optionalInt(v.maxPerAccount);
  const validFrom = warsawInputToMs(v.validFrom);
  const validUntil = warsawInputToMs(v.validUntil);
  return {
    kind: v.kind,
    value,
    active: v.active,
    ...(Object.keys(ticketTypeIds).length ? { ticketTypeIds } : {}),
    ...(Object.keys(productIds).length ? { productIds } : {}),
    ...(maxUses === undefined ? {} : { maxUses }),
    ...(maxPerAccount === undefined ? {} : { maxPerAccount }),
    ...(validFrom === null ? {} : { validFrom }),
    ...(validUntil === null ? {} : { validUntil }),
    ...(v.label.trim() ? { label: v.label } : {}),
  };
}
