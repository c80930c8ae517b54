/**
 * The callable API shared by the SPA (httpsCallable) and functions (onCall): names, input schemas,
 * output types. Inputs are strict objects: unknown keys are refused.
 */
import { z } from 'zod';
// The stored-record schemas are `zod/mini` objects (domain/schemas.ts): derived with its functions.
import { extend, omit, pick } from 'zod/mini';
import {
  consentsSchema,
  countryCodeSchema,
  firstNameSchema,
  idempotencyKeySchema,
  invoiceDataSchema,
  profileEditSchema,
  keySchema,
  lastNameSchema,
  LIMITS,
  memberInputSchema,
  MEMBER_RELATION_MESSAGE,
  MEMBER_RELATIONS,
  phoneSchema,
  productSchema,
  uidSchema,
  variantSchema,
  ticketTypeInputSchema,
  eventFieldsSchema,
  eventDatesInOrder,
  isoDateSchema,
  bankAccountSchema,
  hasUnsafeText,
  UNSAFE_TEXT_MESSAGE,
  discountCodeSchema,
  clientKeySchema,
} from './schemas.js';
import { discountTermsSchema, type DiscountPreview } from './discounts.js';
import { waitingListSettingsSchema } from './waitingList.js';
import { messageIdSchema } from './mail.js';
import type { OrderStatus } from './orderState.js';
import {
  bookBankTransactionsInput,
  saveBankCsvMappingInput,
  type BookBankTransactionsOutput,
  type SaveBankCsvMappingOutput,
} from './bank/schemas.js';
import { settleBankRefundCandidateInput, type SettleBankRefundCandidateOutput } from './bank/refundCandidates.js';
import { ksefDocumentIdSchema, ksefNumberSchema } from './ksef/record.js';
import { setKsefOutageInput, submitKsefInput, type SetKsefOutageOutput, type SubmitKsefOutput } from './ksef/outbox.js';
import { correctionIdSchema, refundLinesSchema } from './refunds.js';
import {
  settlePickupConflictInput,
  syncOfflineHandOutsInput,
  type SettlePickupConflictOutput,
  type SyncOfflineHandOutsOutput,
} from './pickupSync.js';
import {
  refundOnlinePaymentInput,
  startOnlinePaymentInput,
  type RefundOnlinePaymentOutput,
  type StartOnlinePaymentOutput,
} from './payments/index.js';

export const REGION = 'europe-central2';

export const CALLABLES = {
  completeRegistration: 'completeRegistration',
  placeTicketOrder: 'placeTicketOrder',
  placeMerchOrder: 'placeMerchOrder',
  cancelOrder: 'cancelOrder',
  confirmPayment: 'confirmPayment',
  handOutPickupItems: 'handOutPickupItems',
  syncOfflineHandOuts: 'syncOfflineHandOuts',
  settlePickupConflict: 'settlePickupConflict',
  setUserRole: 'setUserRole',
  upsertTicketType: 'upsertTicketType',
  archiveTicketType: 'archiveTicketType',
  restoreTicketType: 'restoreTicketType',
  upsertProduct: 'upsertProduct',
  archiveProduct: 'archiveProduct',
  restoreProduct: 'restoreProduct',
  updateEventSettings: 'updateEventSettings',
  deleteMyAccount: 'deleteMyAccount',
  syncProfile: 'syncProfile',
  updateProfile: 'updateProfile',
  reconcileReservations: 'reconcileReservations',
  recordKsefSubmission: 'recordKsefSubmission',
  submitKsef: 'submitKsef',
  setKsefOutage: 'setKsefOutage',
  expireUnpaidOrders: 'expireUnpaidOrders',
  addMember: 'addMember',
  bookBankTransactions: 'bookBankTransactions',
  saveBankCsvMapping: 'saveBankCsvMapping',
  requestRefund: 'requestRefund',
  withdrawRefundRequest: 'withdrawRefundRequest',
  approveRefund: 'approveRefund',
  rejectRefund: 'rejectRefund',
  startRefund: 'startRefund',
  markRefundTransferred: 'markRefundTransferred',
  acceptPickupReturn: 'acceptPickupReturn',
  startOnlinePayment: 'startOnlinePayment',
  refundOnlinePayment: 'refundOnlinePayment',
  settleBankRefundCandidate: 'settleBankRefundCandidate',
  retryMail: 'retryMail',
  checkDiscountCode: 'checkDiscountCode',
  upsertDiscountCode: 'upsertDiscountCode',
  createDiscountCodeBatch: 'createDiscountCodeBatch',
  joinWaitingList: 'joinWaitingList',
  leaveWaitingList: 'leaveWaitingList',
  moveWaitingListEntry: 'moveWaitingListEntry',
  removeWaitingListEntry: 'removeWaitingListEntry',
  updateWaitingListSettings: 'updateWaitingListSettings',
} as const;
export type CallableName = keyof typeof CALLABLES;

export const completeRegistrationInput = z.strictObject({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneSchema,
  country: countryCodeSchema,
  consents: consentsSchema,
});
export interface CompleteRegistrationOutput {
  uid: string;
  pickupCode: string;
  selfMemberId: string;
}

const placeOrderInput = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  buyer: invoiceDataSchema,
  acceptTerms: z.literal(true, { error: 'Zaakceptuj regulamin sprzedaży' }),
  /** Also store the buyer data as the profile's invoice data for next time. */
  saveInvoiceData: z.boolean().optional(),
  /** A discount code typed at the checkout's first step or opened from a link (`?kod=`); docs/discounts.md. */
  discountCode: z.optional(discountCodeSchema),
});
/** Tickets come from /baskets/{uid}/tickets (one ticket type per participant). */
export const placeTicketOrderInput = placeOrderInput;
/** Merchandise comes from /baskets/{uid}/merch. */
const placeMerchOrderInput = placeOrderInput;
export interface PlaceOrderOutput {
  orderId: string;
  number: string;
  status: OrderStatus;
  totalGross: number;
  /** true when this answer repeats an order already placed with the same idempotency key */
  replayed: boolean;
}

const orderIdInput = z.strictObject({ orderId: keySchema });
export const cancelOrderInput = orderIdInput;
export interface CancelOrderOutput {
  orderId: string;
  status: 'cancelled';
}
export const confirmPaymentInput = orderIdInput;
export interface ConfirmPaymentOutput {
  orderId: string;
  invoiceId: string;
  invoiceNumber: string;
  pickupItems: number;
}

export const handOutPickupItemsInput = z.strictObject({
  uid: uidSchema,
  itemIds: z
    .array(keySchema, { error: 'Wybierz pozycje do wydania' })
    .min(1, 'Wybierz pozycje do wydania')
    .max(100, 'Za dużo pozycji naraz'),
});
export interface HandOutPickupItemsOutput {
  uid: string;
  handedOut: string[];
  pickedAt: number;
}

const ROLES = ['admin', 'staff'] as const;
export const setUserRoleInput = z.strictObject({
  uid: uidSchema,
  role: z.enum(ROLES, { error: 'Wybierz rolę' }),
  enabled: z.boolean({ error: 'Nieprawidłowa wartość' }),
});
export interface SetUserRoleOutput {
  uid: string;
  admin: boolean;
  staff: boolean;
}

const ticketTypeInput = ticketTypeInputSchema;
export const upsertTicketTypeInput = z.strictObject({ id: z.optional(keySchema), ticketType: ticketTypeInput });
export interface UpsertOutput {
  id: string;
  created: boolean;
}

const productVariantInput = omit(variantSchema, { sold: true });
export const upsertProductInput = z.strictObject({
  id: z.optional(keySchema),
  product: extend(omit(productSchema, { variants: true, updatedAt: true }), {
    variants: z
      .record(keySchema, productVariantInput)
      .refine((v) => Object.keys(v).length >= 1, 'Dodaj co najmniej jeden wariant')
      .refine((v) => Object.keys(v).length <= LIMITS.maxBasketLines, 'Za dużo wariantów'),
  }),
});
export const archiveInput = z.strictObject({ id: keySchema });
export interface ArchiveOutput {
  id: string;
  archived: boolean;
}

export const updateEventSettingsInput = z.strictObject({
  event: omit(eventFieldsSchema, { updatedAt: true }).check(z.refine(...eventDatesInOrder)),
});

export const deleteMyAccountInput = z.strictObject({
  confirm: z.literal(true, { error: 'Potwierdź usunięcie konta' }),
});
export interface DeleteMyAccountOutput {
  deleted: true;
  cancelledOrders: number;
}

/**
 * Rebuilds the copies of the account's names from stored data: the staff's /pickupDirectory entry
 * and /pickupSearch entries, the `self` member and the Auth display name. The SPA calls it after a
 * direct, rule-checked edit or removal of a participant. Takes nothing from the client but the call.
 */
export const syncProfileInput = z.strictObject({});
export interface SyncProfileOutput {
  name: string;
}

/**
 * The settings page's save: the owner's editable profile fields, parsed with the same schema as the
 * form (NIP typed with dashes arrives as 10 digits), written with the copies of the name in one
 * atomic update. `invoice: null` removes the saved invoice data. A refusal names the field.
 */
export const updateProfileInput = extend(profileEditSchema, { invoice: z.nullable(invoiceDataSchema) });
export interface UpdateProfileOutput {
  name: string;
}

/**
 * Admin: the repair for reservations left behind when a function instance died between its steps
 * (functions/src/orders/reconcile.ts, docs/data-model.md). Takes nothing but the call.
 */
export const reconcileReservationsInput = z.strictObject({});
/** A `sold` counter set to what the orders hold; `id` is a ticket type id or `productId/variantId`. */
export interface ReservationCorrection {
  kind: 'ticketType' | 'variant';
  id: string;
  name: string;
  soldBefore: number;
  soldAfter: number;
}
export interface ReconcileReservationsOutput {
  checkedTicketTypes: number;
  checkedVariants: number;
  corrections: ReservationCorrection[];
  /** ticket claims whose order does not exist (or has released them) */
  releasedTicketClaims: number;
  /** `processing` order attempts older than 10 minutes (their function instance died) */
  removedStaleAttempts: number;
  /** cancellations older than 10 minutes whose release had not finished */
  completedCancellations: number;
  /** accounts whose per-account holdings (`/holdings`) did not match their orders */
  correctedHoldings: number;
  /** discount codes whose use counter did not match the orders holding their uses */
  correctedDiscountUses: number;
}

/** Admin: cancels the pending orders past their payment deadline now (also run on a schedule). */
export const expireUnpaidOrdersInput = z.strictObject({});
export interface ExpireUnpaidOrdersOutput {
  /** pending orders looked at */
  checked: number;
  /** numbers of the orders that expired in this run */
  expired: string[];
  /** orders past their deadline this run had no time left for: the next run cancels them */
  left: number;
}

/** A participant the account holder adds; the server mints the id and keeps the account at most LIMITS.maxMembers. */
export const addMemberInput = extend(omit(memberInputSchema, { relation: true }), {
  relation: z.enum(MEMBER_RELATIONS, { error: MEMBER_RELATION_MESSAGE }).exclude(['self']).optional(),
});
export interface AddMemberOutput {
  memberId: string;
}

/**
 * Admin: records the KSeF number an invoice got after the admin sent its FA(3) file to KSeF
 * (functions/src/ksef.ts, docs/ksef.md). `uid` is the invoice owner, `invoiceId` the invoice's key
 * (`FV-2026-000123`), `submittedOn` the day it was sent.
 */
export const recordKsefSubmissionInput = z.strictObject({
  uid: uidSchema,
  invoiceId: ksefDocumentIdSchema,
  ksefNumber: ksefNumberSchema,
  submittedOn: isoDateSchema,
});
export interface RecordKsefSubmissionOutput {
  invoiceId: string;
  ksefNumber: string;
  /** SHA-256 of the stored FA(3) file, Base64URL */
  sha256: string;
  /** the KOD I verification link */
  kodI: string;
  /** false when the same number was already recorded (a repeated call changes nothing) */
  created: boolean;
}

// ---------------------------------------------------------------- refunds (docs/refunds.md)

const refundReasonSchema = z
  .string({ error: 'Podaj powód' })
  .trim()
  .min(1, 'Podaj powód')
  .max(LIMITS.title, `Najwyżej ${LIMITS.title} znaków`)
  .refine((v) => !hasUnsafeText(v), UNSAFE_TEXT_MESSAGE);
const refundNoteSchema = z
  .string({ error: 'Nieprawidłowy tekst' })
  .trim()
  .max(500, 'Najwyżej 500 znaków')
  .refine((v) => !hasUnsafeText(v, true), UNSAFE_TEXT_MESSAGE);
const amountSchema = z
  .int({ error: 'Podaj kwotę w groszach' })
  .min(1, 'Kwota zwrotu musi być większa od zera')
  .max(LIMITS.maxPriceGrosze, 'Kwota jest za duża');

/** Participant: the whole order (`lines` absent) or chosen lines (line id → units), the account to return the money to. */
export const requestRefundInput = z.strictObject({
  orderId: keySchema,
  lines: refundLinesSchema.optional(),
  bankAccount: bankAccountSchema,
  note: refundNoteSchema.optional(),
});
export interface RequestRefundOutput {
  orderId: string;
  requestId: string;
  amount: number;
}
export const refundRequestIdInput = z.strictObject({ orderId: keySchema, requestId: keySchema });
export interface RefundDecisionOutput {
  orderId: string;
  requestId: string;
  status: 'withdrawn' | 'rejected';
}
/**
 * Admin: approve a request — all its lines or some (`lines`), the whole amount or less (`amount` in
 * grosze, then `reason` is required: it is the correction's reason). `goodsNotReturned` refunds lines
 * already handed out without taking the goods back.
 */
export const approveRefundInput = z
  .strictObject({
    orderId: keySchema,
    requestId: keySchema,
    lines: refundLinesSchema.optional(),
    amount: amountSchema.optional(),
    reason: refundReasonSchema.optional(),
    goodsNotReturned: z.boolean().optional(),
  })
  .refine((v) => v.amount === undefined || v.reason !== undefined, {
    message: 'Podaj powód obniżenia kwoty zwrotu',
    path: ['reason'],
  });
export const rejectRefundInput = z.strictObject({
  orderId: keySchema,
  requestId: keySchema,
  reason: refundReasonSchema,
});
/** Admin: a refund without a participant's request. */
export const startRefundInput = z.strictObject({
  orderId: keySchema,
  lines: refundLinesSchema.optional(),
  amount: amountSchema.optional(),
  reason: refundReasonSchema,
  bankAccount: bankAccountSchema,
  goodsNotReturned: z.boolean().optional(),
});
export interface ApproveRefundOutput {
  orderId: string;
  correctionId: string;
  correctionNumber: string;
  amount: number;
  fee: number;
}
export const markRefundTransferredInput = z.strictObject({
  orderId: keySchema,
  correctionId: correctionIdSchema,
  transferredOn: isoDateSchema,
});
export interface MarkRefundTransferredOutput {
  orderId: string;
  correctionId: string;
  status: 'transferred';
}
/** Staff at the pickup point take back an item that was handed out („Przyjmij zwrot”). */
export const acceptPickupReturnInput = z.strictObject({ uid: uidSchema, itemId: keySchema });
export interface AcceptPickupReturnOutput {
  orderId: string;
  lineId: string;
}

/** `retryMail` input: the messages an admin chose („Wyślij ponownie”), or none = every message that is due. */
export const retryMailInput = z.strictObject({
  messageIds: z
    .array(messageIdSchema)
    .min(1, { message: 'Wybierz co najmniej jedną wiadomość' })
    .max(50, { message: 'Naraz można ponowić najwyżej 50 wiadomości' })
    .optional(),
});
export type MailDeliveryStatus = 'sent' | 'failed' | 'skipped' | 'busy' | 'missing';
export interface RetryMailOutput {
  checked: number;
  results: { messageId: string; status: MailDeliveryStatus; error?: string; permanent?: boolean }[];
}
export const checkDiscountCodeInput = z.strictObject({ kind: z.enum(['tickets', 'merch']), code: discountCodeSchema });
/** `created: false` = an existing code's terms were changed (its uses stay). */
export const upsertDiscountCodeInput = z.strictObject({
  code: discountCodeSchema,
  terms: discountTermsSchema,
  create: z.boolean(),
});
export interface UpsertDiscountCodeOutput {
  code: string;
  created: boolean;
}
/** Single-use codes for the crew: `{prefix}-XXXXXXXX`, each with the same terms. */
export const createDiscountCodeBatchInput = z.strictObject({
  prefix: discountCodeSchema.check(z.refine((p: string) => p.length <= 16, 'Przedrostek: najwyżej 16 znaków')),
  count: z.int({ error: 'Podaj liczbę kodów' }).min(1, 'Co najmniej 1 kod').max(500, 'Najwyżej 500 kodów naraz'),
  terms: discountTermsSchema,
});
export interface CreateDiscountCodeBatchOutput {
  batch: string;
  codes: string[];
}

/** The waiting list (docs/waiting-list.md): a participant of the caller's, a ticket type of the catalogue. */
export const joinWaitingListInput = z.strictObject({ ticketTypeId: keySchema, memberId: clientKeySchema });
export interface JoinWaitingListOutput {
  entryId: string;
  place: number;
}
/** Entry ids are push ids minted by the server. */
export const waitingEntryInput = z.strictObject({ ticketTypeId: keySchema, entryId: clientKeySchema });
export interface WaitingEntryOutput {
  ticketTypeId: string;
  entryId: string;
}
export const moveWaitingListEntryInput = z.strictObject({
  ticketTypeId: keySchema,
  entryId: clientKeySchema,
  direction: z.enum(['up', 'down'], { error: 'Wybierz kierunek' }),
});
export const updateWaitingListSettingsInput = pick(waitingListSettingsSchema, { offerHours: true });
export interface UpdateWaitingListSettingsOutput {
  offerHours: number;
}

/** Input schema and output type for each callable, so both sides are typed from one table. */
export const CALLABLE_INPUTS = {
  completeRegistration: completeRegistrationInput,
  placeTicketOrder: placeTicketOrderInput,
  placeMerchOrder: placeMerchOrderInput,
  cancelOrder: cancelOrderInput,
  confirmPayment: confirmPaymentInput,
  handOutPickupItems: handOutPickupItemsInput,
  syncOfflineHandOuts: syncOfflineHandOutsInput,
  settlePickupConflict: settlePickupConflictInput,
  setUserRole: setUserRoleInput,
  upsertTicketType: upsertTicketTypeInput,
  archiveTicketType: archiveInput,
  restoreTicketType: archiveInput,
  upsertProduct: upsertProductInput,
  archiveProduct: archiveInput,
  restoreProduct: archiveInput,
  updateEventSettings: updateEventSettingsInput,
  deleteMyAccount: deleteMyAccountInput,
  syncProfile: syncProfileInput,
  updateProfile: updateProfileInput,
  reconcileReservations: reconcileReservationsInput,
  recordKsefSubmission: recordKsefSubmissionInput,
  submitKsef: submitKsefInput,
  setKsefOutage: setKsefOutageInput,
  expireUnpaidOrders: expireUnpaidOrdersInput,
  addMember: addMemberInput,
  bookBankTransactions: bookBankTransactionsInput,
  saveBankCsvMapping: saveBankCsvMappingInput,
  requestRefund: requestRefundInput,
  withdrawRefundRequest: refundRequestIdInput,
  approveRefund: approveRefundInput,
  rejectRefund: rejectRefundInput,
  startRefund: startRefundInput,
  markRefundTransferred: markRefundTransferredInput,
  acceptPickupReturn: acceptPickupReturnInput,
  startOnlinePayment: startOnlinePaymentInput,
  refundOnlinePayment: refundOnlinePaymentInput,
  settleBankRefundCandidate: settleBankRefundCandidateInput,
  retryMail: retryMailInput,
  checkDiscountCode: checkDiscountCodeInput,
  upsertDiscountCode: upsertDiscountCodeInput,
  createDiscountCodeBatch: createDiscountCodeBatchInput,
  joinWaitingList: joinWaitingListInput,
  leaveWaitingList: waitingEntryInput,
  moveWaitingListEntry: moveWaitingListEntryInput,
  removeWaitingListEntry: waitingEntryInput,
  updateWaitingListSettings: updateWaitingListSettingsInput,
} as const satisfies Record<CallableName, z.core.$ZodType>;

export interface CallableOutputs {
  completeRegistration: CompleteRegistrationOutput;
  placeTicketOrder: PlaceOrderOutput;
  placeMerchOrder: PlaceOrderOutput;
  cancelOrder: CancelOrderOutput;
  confirmPayment: ConfirmPaymentOutput;
  handOutPickupItems: HandOutPickupItemsOutput;
  syncOfflineHandOuts: SyncOfflineHandOutsOutput;
  settlePickupConflict: SettlePickupConflictOutput;
  setUserRole: SetUserRoleOutput;
  upsertTicketType: UpsertOutput;
  archiveTicketType: ArchiveOutput;
  restoreTicketType: ArchiveOutput;
  upsertProduct: UpsertOutput;
  archiveProduct: ArchiveOutput;
  restoreProduct: ArchiveOutput;
  updateEventSettings: { updated: true };
  deleteMyAccount: DeleteMyAccountOutput;
  syncProfile: SyncProfileOutput;
  updateProfile: UpdateProfileOutput;
  reconcileReservations: ReconcileReservationsOutput;
  recordKsefSubmission: RecordKsefSubmissionOutput;
  submitKsef: SubmitKsefOutput;
  setKsefOutage: SetKsefOutageOutput;
  expireUnpaidOrders: ExpireUnpaidOrdersOutput;
  addMember: AddMemberOutput;
  bookBankTransactions: BookBankTransactionsOutput;
  saveBankCsvMapping: SaveBankCsvMappingOutput;
  requestRefund: RequestRefundOutput;
  withdrawRefundRequest: RefundDecisionOutput;
  approveRefund: ApproveRefundOutput;
  rejectRefund: RefundDecisionOutput;
  startRefund: ApproveRefundOutput;
  markRefundTransferred: MarkRefundTransferredOutput;
  acceptPickupReturn: AcceptPickupReturnOutput;
  startOnlinePayment: StartOnlinePaymentOutput;
  refundOnlinePayment: RefundOnlinePaymentOutput;
  settleBankRefundCandidate: SettleBankRefundCandidateOutput;
  retryMail: RetryMailOutput;
  checkDiscountCode: DiscountPreview;
  upsertDiscountCode: UpsertDiscountCodeOutput;
  createDiscountCodeBatch: CreateDiscountCodeBatchOutput;
  joinWaitingList: JoinWaitingListOutput;
  leaveWaitingList: WaitingEntryOutput;
  moveWaitingListEntry: WaitingEntryOutput;
  removeWaitingListEntry: WaitingEntryOutput;
  updateWaitingListSettings: UpdateWaitingListSettingsOutput;
}
/** What the SPA sends (before parsing: e.g. NIP may still contain dashes). */
export type CallableInput<N extends CallableName> = z.input<(typeof CALLABLE_INPUTS)[N]>;
export type CallableOutput<N extends CallableName> = CallableOutputs[N];
