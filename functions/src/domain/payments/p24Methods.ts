/**
 * Przelewy24's payment method ids: their names for the admin's view and the invoice's payment method
 * (FA(3) `FormaPlatnosci`). Kept apart from the checksum code (./przelewy24.ts) so the web app can
 * use it without carrying SHA-384.
 *
 * Przelewy24 does not fix the ids in its REST documentation: the notification's `methodId` is "the
 * payment method used by the customer", and the list of ids is the merchant's own, read from
 * `GET /api/v1/payment/methods/{lang}`. The table below is what Przelewy24's own shop plugins and the
 * account listings published with client libraries agree on (sources in docs/payments.md, "The
 * invoice's payment method"); an id it does not know is an online payment of an unknown kind, never
 * guessed to be a transfer.
 */
import type { InvoicePaymentMethod } from '../schemas.js';

/** What kind of money an id is, which decides FA(3) `FormaPlatnosci`: BLIK 7, card 2, transfer 6. */
type P24MethodKind = 'blik' | 'card' | 'transfer';

export const P24_METHODS: Readonly<Record<number, { label: string; kind: P24MethodKind }>> = {
  // BLIK: 154 in the merchants' method lists; 181 is the second BLIK entry (the official WooCommerce
  // plugin's BLIK_METHOD, BLIK with the code entered in the shop).
  154: { label: 'BLIK', kind: 'blik' },
  181: { label: 'BLIK', kind: 'blik' },
  // Cards: 140, 142, 145, 218 (official PrestaShop module, getCardPaymentIds), 218, 241, 242 (official
  // WooCommerce plugin, CARD_METHODS).
  140: { label: 'Karta płatnicza', kind: 'card' },
  142: { label: 'Karta płatnicza', kind: 'card' },
  145: { label: 'Karta płatnicza', kind: 'card' },
  218: { label: 'Karta płatnicza', kind: 'card' },
  241: { label: 'Karta płatnicza', kind: 'card' },
  242: { label: 'Karta płatnicza', kind: 'card' },
  // Wallets that pay with a card held in the phone: the money moves as a card payment.
  238: { label: 'Google Pay', kind: 'card' },
  264: { label: 'Google Pay', kind: 'card' },
  239: { label: 'Apple Pay', kind: 'card' },
  252: { label: 'Apple Pay', kind: 'card' },
  // Banks' pay-by-link (a transfer ordered in the bank's own site) and the provider's traditional transfer.
  243: { label: 'mTransfer (pay-by-link)', kind: 'transfer' },
  31: { label: 'Płacę z iPKO (pay-by-link)', kind: 'transfer' },
  112: { label: 'ING (pay-by-link)', kind: 'transfer' },
  65: { label: 'Bank Pekao (pay-by-link)', kind: 'transfer' },
  85: { label: 'Millennium (pay-by-link)', kind: 'transfer' },
  88: { label: 'Alior Bank (pay-by-link)', kind: 'transfer' },
  20: { label: 'Santander / Erste (pay-by-link)', kind: 'transfer' },
  26: { label: 'Inteligo (pay-by-link)', kind: 'transfer' },
  45: { label: 'Credit Agricole (pay-by-link)', kind: 'transfer' },
  143: { label: 'Banki Spółdzielcze (pay-by-link)', kind: 'transfer' },
  153: { label: 'VeloBank (pay-by-link)', kind: 'transfer' },
  178: { label: 'Przelew tradycyjny (Przelewy24)', kind: 'transfer' },
};

/** The ids the local stand-in's window offers (scripts/lib/p24StandIn.mjs), one of each kind. */
export const P24_STAND_IN_METHOD_IDS = [154, 243, 31, 218] as const;

export function p24MethodLabel(methodId: number | undefined): string {
  if (methodId === undefined) return '—';
  return P24_METHODS[methodId]?.label ?? `metoda ${methodId}`;
}

const INVOICE_METHOD_OF_KIND: Record<P24MethodKind, InvoicePaymentMethod> = {
  blik: 'BLIK',
  card: 'karta płatnicza',
  transfer: 'szybki przelew online',
};

/** The invoice's payment method for the method a verified notification names; unknown ids are „płatność online”. */
export function invoicePaymentMethodOf(methodId: number | undefined): InvoicePaymentMethod {
  const method = methodId === undefined ? undefined : P24_METHODS[methodId];
  return method ? INVOICE_METHOD_OF_KIND[method.kind] : 'płatność online';
}
