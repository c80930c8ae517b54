import { Text } from '@mantine/core';
import type { CheckoutKind } from './checkoutState';
import { useDiscountLink } from './discount';

/** On a basket: keeps a code opened from a link (`?kod=`) for the checkout and says so. */
export function DiscountFromLink({ kind, uid }: { kind: CheckoutKind; uid: string }) {
  const code = useDiscountLink(kind, uid);
  if (!code) return null;
  return (
    <Text size="sm" data-testid="discount-from-link">
      Kod rabatowy <strong>{code}</strong> zastosujemy w przeglądzie zamówienia.
    </Text>
  );
}
