import { formatMoney } from '../../shared/format/pl';
import type { DiscountStatRow } from './model';
import { n, Section } from './parts';
import { NumbersTable } from '../../shared/ui/NumbersTable';

/** Discount codes: orders placed with each, units discounted (one use = one unit) and the discount given, with the total. */
export function DiscountsSection({ rows }: { rows: DiscountStatRow[] }) {
  const total = rows.reduce(
    (sum, r) => ({
      orders: sum.orders + r.orders,
      units: sum.units + r.units,
      discountGross: sum.discountGross + r.discountGross,
    }),
    { orders: 0, units: 0, discountGross: 0 },
  );
  return (
    <Section of="discounts" isEmpty={rows.length === 0}>
      <NumbersTable
        caption="Użycia kodów rabatowych"
        head={['Kod', 'Zamówienia', 'Użycia (sztuki)', 'Udzielony rabat']}
        rows={[
          ...rows.map((r) => [r.code, n(r.orders), n(r.units), formatMoney(r.discountGross)]),
          ['Razem', n(total.orders), n(total.units), formatMoney(total.discountGross)],
        ]}
      />
    </Section>
  );
}
