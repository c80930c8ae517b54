/**
 * Przelewy24's payment method ids: their names for the admin's view and the invoice's payment method
 * (FA(3) `FormaPlatnosci`). Kept apart from the checksum code (./przelewy24.ts) so the web app can
 * use it without carrying SHA-384.
 */
import type { InvoicePaymentMethod } from '../schemas.js';

/** The method ids the stand-in's window offers (the real list comes from the provider's /payment/methods). */
export const P24_METHOD_LABELS: Record<number, string> = {
  154: 'BLIK',
  25: 'mTransfer (pay-by-link)',
  31: 'Płacę z iPKO (pay-by-link)',
  218: 'Karta płatnicza',
};

export function p24MethodLabel(methodId: number | undefined): string {
  if (methodId === undefined) return '—';
  return P24_METHOD_LABELS[methodId] ?? `metoda ${methodId}`;
}

/**
 * Method ids by kind: BLIK is a mobile payment (FA(3) 7), the card methods a card (2); every other id
 * of the payment window is a bank's pay-by-link, a transfer (6) made online.
 */
const P24_BLIK_METHODS = new Set([154, 181]);
const P24_CARD_METHODS = new Set([140, 142, 145, 218, 241, 242]);

export function invoicePaymentMethodOf(methodId: number | undefined): InvoicePaymentMethod {
  if (methodId === undefined || methodId <= 0) return 'płatność online';
  if (P24_BLIK_METHODS.has(methodId)) return 'BLIK';
  if (P24_CARD_METHODS.has(methodId)) return 'karta płatnicza';
  return 'szybki przelew online';
}
