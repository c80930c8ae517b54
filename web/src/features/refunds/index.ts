// Public API of the refunds feature for other features.
export { useGetOrderRefundsQuery, useGetAllRefundsQuery, useGetMyCorrectionsQuery, type CorrectionEntry } from './api';
export { OrderRefundPanel } from './OrderRefundPanel';
export { RefundsTab } from './RefundsTab';
export { RefundQueue } from './RefundQueue';
export { RefundCaseCard } from './RefundCaseCard';
export { CorrectionDetail } from './CorrectionDetail';
export { StartRefundButton } from './StartRefundDialog';
