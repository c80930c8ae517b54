// Public API of the online payments feature (docs/payments.md).
export { OnlinePaymentChoice } from './OnlinePaymentChoice';
export { useGetMyPaymentsQuery, type PaymentEntry } from './api';
export { OnlinePaymentsTab } from './admin/OnlinePaymentsTab';
export { OnlineRefundCandidates } from './admin/OnlineRefundCandidates';
