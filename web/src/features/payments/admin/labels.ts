import type { OnlinePaymentStatus, PaymentNotificationLog } from '@domain/payments/onlinePayment';
import { NOTIFICATION_RESULTS_TO_CHECK } from '@domain/payments/onlinePayment';

/** Badge colours of the admin's payment view (Mantine colour names, readable in light and dark mode). */
export const STATUS_COLORS: Record<OnlinePaymentStatus, string> = {
  registered: 'gray',
  paid: 'teal',
  'refund-candidate': 'orange',
  'refund-due': 'red',
};

export function resultColor(result: PaymentNotificationLog['result']): string {
  if (result === 'booked' || result === 'booked-late' || result === 'refund-completed') return 'teal';
  if (NOTIFICATION_RESULTS_TO_CHECK.has(result)) return 'red';
  return 'gray';
}
