// Entry point of the Cloud Functions codebase: importing region.ts first applies the global options.
import './region.js';

export { completeRegistration, syncProfile, updateProfile } from './registration.js';
export { placeTicketOrder, placeMerchOrder } from './orders/place.js';
export { cancelOrder } from './orders/cancel.js';
export { expireUnpaidOrders, expireUnpaidOrdersScheduled } from './orders/expire.js';
export { addMember } from './members.js';
export { reconcileReservations } from './orders/reconcile.js';
export { confirmPayment } from './orders/confirm.js';
export { bookBankTransactions, saveBankCsvMapping } from './bank.js';
export { handOutPickupItems } from './pickups.js';
export { settlePickupConflict, syncOfflineHandOuts } from './pickupSync.js';
export { setUserRole } from './roles.js';
export {
  upsertTicketType,
  archiveTicketType,
  restoreTicketType,
  upsertProduct,
  archiveProduct,
  restoreProduct,
} from './catalog.js';
export { updateEventSettings } from './event.js';
export { deleteMyAccount } from './account.js';
export { recordKsefSubmission } from './ksef.js';
export { setKsefOutage, submitKsef, submitKsefScheduled } from './ksef/callables.js';
export {
  requestRefund,
  withdrawRefundRequest,
  approveRefund,
  rejectRefund,
  startRefund,
  markRefundTransferred,
  acceptPickupReturn,
} from './refunds.js';
export { retryMail, retryMailScheduled } from './mail/callables.js';
export { startOnlinePayment, refundOnlinePayment, p24Notification } from './payments/index.js';
export { settleBankRefundCandidate } from './refundCandidates.js';
export { checkDiscountCode, upsertDiscountCode, createDiscountCodeBatch } from './discounts.js';
export {
  joinWaitingList,
  leaveWaitingList,
  moveWaitingListEntry,
  removeWaitingListEntry,
  updateWaitingListSettings,
} from './waitingList.js';
