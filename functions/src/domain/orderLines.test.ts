import { describe, expect, it } from 'vitest';
import { orderLineDetail, orderLineQuantity, orderLineSummary } from './orderLines.js';

const hoodies = {
  type: 'merch' as const,
  name: 'Bluza z kapturem „Sztorm”',
  quantity: 6,
  unitGross: 18_900,
  variantLabel: 'M',
  memberName: 'Ola Nowak',
};
const ticket = {
  type: 'ticket' as const,
  name: 'Karnet 3-dniowy',
  quantity: 1,
  unitGross: 14_900,
  memberName: 'Jan Kowalski',
};

describe('order lines as every list shows them', () => {
  it('name the variant and the participant, and the quantity with the unit price', () => {
    expect(orderLineDetail(hoodies)).toBe('wariant M · dla: Ola Nowak');
    expect(orderLineDetail(ticket)).toBe('dla: Jan Kowalski');
    expect(orderLineDetail({ ...hoodies, memberName: undefined })).toBe('wariant M');
    expect(orderLineQuantity(hoodies)).toBe('6 szt. × 189,00\u00a0zł');
    expect(orderLineSummary(hoodies)).toBe('Bluza z kapturem „Sztorm” (wariant M · dla: Ola Nowak) × 6');
    expect(orderLineSummary(ticket)).toBe('Karnet 3-dniowy (dla: Jan Kowalski) × 1');
  });
});
