// Public API of the online payments feature (docs/payments.md).
export { OnlinePaymentChoice } from './OnlinePaymentChoice';
export { OnlinePaymentsTab } from './admin/OnlinePaymentsTab';
export { OnlineRefundCandidates } from './admin/OnlineRefundCandidates';
