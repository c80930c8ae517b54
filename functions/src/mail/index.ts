// E-mail: outbox written with the state change, delivery through SMTP, retries (docs/email.md).
export {
  commitWithMail,
  orderPlacedMail,
  paymentBookedMail,
  orderCancelledMail,
  refundApprovedMail,
  refundTransferredMail,
  itemsHandedOutMail,
  welcomeMail,
  waitingOfferMail,
  waitingOfferExpiredMail,
} from './compose.js';
