/**
 * Refunds of paid orders and their correction invoices (faktura korygująca, art. 106j ustawy o VAT).
 * Pure and Firebase-free: what may be refunded, how much, and the correction's amounts.
 *
 * Method: the corrected invoice computed VAT from gross per rate (vat.ts), so the correction does the
 * same — for every rate it touches, the VAT difference is VAT(gross after) − VAT(gross before), where
 * "before" is the rate's gross after all earlier corrections of the invoice. Summing the corrections'
 * differences therefore always gives exactly the VAT of what is left, to the grosz.
 * A cancellation fee (the part of the price not returned) is a positive line at the rate(s) of the
 * refunded lines, so the correction's gross difference is exactly minus the amount returned.
 */
import { z } from 'zod';
import { formatMoney } from './money.js';
import { amountInWords, ticketLineName } from './words.js';
import { keySchema, rateKey, type Invoice, type Order } from './schemas.js';
import { vatFromGross, type VatRate } from './vat.js';
import type { RefusalReason } from './errors.js';
import { PAYMENT_PROVIDER_ACTOR } from './payments/onlinePayment.js';

const CORRECTION_PREFIX = 'KOR';

export function formatCorrectionNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError(`Bad year ${year}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Bad sequence ${sequence}`);
  return `${CORRECTION_PREFIX}/${year}/${String(sequence).padStart(6, '0')}`;
}

export function parseCorrectionNumber(text: string): { year: number; sequence: number } | null {
  const m = /^KOR\/(\d{4})\/(\d{6,})$/.exec(text);
  return m ? { year: Number(m[1]), sequence: Number(m[2]) } : null;
}

/** What earlier corrections already took back from each line of an order. */
export type RefundedLines = Record<string, { quantity: number; gross: number }>;
/** Cumulative gross differences of earlier corrections per rate key (`r23`, …): zero or negative. */
export type CorrectedRateGross = Record<string, number>;

/** An order line with an amount of it: still refundable (`refundableLines`) or returned by a refund (`RefundPlan`). */
interface RefundLineAmount {
  lineId: string;
  name: string;
  vatRate: VatRate;
  unitGross: number;
  /** Units: still refundable, or returned. */
  quantity: number;
  /** Gross: still refundable (what was paid minus earlier refunds), or returned. */
  gross: number;
}

/** The line as the invoice names it (confirm.ts builds invoice lines the same way). */
export function lineLabel(line: Order['lines'][string]): string {
  return line.type === 'ticket' ? ticketLineName(line.name, line.memberName) : `${line.name} (${line.variantLabel})`;
}

/** Lines of a paid order in key order with what is still refundable (lines fully refunded are kept with 0). */
export function refundableLines(order: Pick<Order, 'lines'>, refunded: RefundedLines | undefined): RefundLineAmount[] {
  return Object.keys(order.lines)
    .sort()
    .map((lineId) => {
      const line = order.lines[lineId];
      const done = refunded?.[lineId] ?? { quantity: 0, gross: 0 };
      return {
        lineId,
        name: lineLabel(line),
        vatRate: line.vatRate,
        unitGross: line.unitGross,
        quantity: line.quantity - done.quantity,
        gross: line.unitGross * line.quantity - done.gross,
      };
    });
}

export interface RefundPlan {
  lines: RefundLineAmount[];
  /** Gross of the refunded lines. */
  refundable: number;
  /** Money returned: `refundable − fee`. */
  amount: number;
  /** Part of the price kept (cancellation fee). */
  fee: number;
}
interface RefundRefusal {
  reason: 'refund-line-missing' | 'refund-nothing-left' | 'refund-amount-too-high' | 'refund-amount-invalid';
  message: string;
  field: string;
}

/**
 * Which lines and how much: `lines` maps a line id to the units to refund (`undefined` = the whole
 * order, all that is left). Refuses a line not on the order, more units than are left, and an amount
 * above the refundable one or not positive.
 */
export function planRefund(
  order: Pick<Order, 'lines'>,
  refunded: RefundedLines | undefined,
  lines: Record<string, number> | undefined,
  amount?: number,
): { ok: true; plan: RefundPlan } | { ok: false; refusal: RefundRefusal } {
  const left = new Map(refundableLines(order, refunded).map((l) => [l.lineId, l]));
  const chosen: RefundLineAmount[] = [];
  const wanted =
    lines ?? Object.fromEntries([...left.values()].filter((l) => l.quantity > 0).map((l) => [l.lineId, l.quantity]));
  for (const [lineId, quantity] of Object.entries(wanted).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const line = left.get(lineId);
    if (!line)
      return {
        ok: false,
        refusal: {
          reason: 'refund-line-missing',
          field: `lines.${lineId}`,
          message: 'Tej pozycji nie ma w zamówieniu',
        },
      };
    if (line.quantity <= 0)
      return {
        ok: false,
        refusal: {
          reason: 'refund-nothing-left',
          field: `lines.${lineId}`,
          message: `${line.name} — ta pozycja została już zwrócona`,
        },
      };
    if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > line.quantity)
      return {
        ok: false,
        refusal: {
          reason: 'refund-nothing-left',
          field: `lines.${lineId}`,
          message: `${line.name} — do zwrotu zostało najwyżej ${line.quantity} szt.`,
        },
      };
    // The last units take exactly what is left of the line's gross, so a line is never over- or under-refunded.
    const gross = quantity === line.quantity ? line.gross : line.unitGross * quantity;
    chosen.push({ lineId, name: line.name, vatRate: line.vatRate, unitGross: line.unitGross, quantity, gross });
  }
  if (!chosen.length)
    return {
      ok: false,
      refusal: { reason: 'refund-nothing-left', field: 'lines', message: 'W tym zamówieniu nie ma już nic do zwrotu' },
    };
  const refundable = chosen.reduce((s, l) => s + l.gross, 0);
  const money = amount ?? refundable;
  if (!Number.isSafeInteger(money) || money < 1)
    return {
      ok: false,
      refusal: { reason: 'refund-amount-invalid', field: 'amount', message: 'Kwota zwrotu musi być większa od zera' },
    };
  if (money > refundable)
    return {
      ok: false,
      refusal: {
        reason: 'refund-amount-too-high',
        field: 'amount',
        message: `Kwota zwrotu przekracza kwotę możliwą do zwrotu (${formatMoney(refundable)})`,
      },
    };
  return { ok: true, plan: { lines: chosen, refundable, amount: money, fee: refundable - money } };
}

/** An approval lock older than this belongs to a crashed approval and may be taken over (the callable's time limit). */
export const REFUND_LOCK_TTL_MS = 60_000;

/** What an admin approves: an open request (its lines, or fewer) or a refund started without one. */
interface ApprovalAsk {
  requestId?: string;
  lines?: Record<string, number>;
  amount?: number;
  /** The account to return the money to, when there is no request (a request carries its own). */
  bankAccount?: string;
  goodsNotReturned: boolean;
}

/** Why an approval may not go ahead, as the callable answers it. */
interface ApprovalRefusal {
  reason: RefusalReason;
  message?: string;
  field?: string;
  item?: string;
}

/**
 * Decides an approval on the order's current refund record (inside its transaction): the lock is
 * free or ours, the request is open and covers the lines, the plan fits what is left, no other open
 * request holds a line, and an item already handed out was taken back (or the admin refunds without
 * the goods). `pickups` are the account's pickup items by id.
 */
export function decideRefundApproval(
  refunds: OrderRefunds,
  order: Pick<Order, 'lines'>,
  pickups: Record<string, { status: string }>,
  ask: ApprovalAsk & { orderId: string; token: string; now: number },
): { ok: true; plan: RefundPlan; bankAccount: string } | { ok: false; refusal: ApprovalRefusal } {
  const refuse = (refusal: ApprovalRefusal) => ({ ok: false as const, refusal });
  if (refunds.lock && refunds.lock.token !== ask.token && ask.now - refunds.lock.at < REFUND_LOCK_TTL_MS)
    return refuse({ reason: 'busy', message: 'Zwrot tego zamówienia jest właśnie zatwierdzany' });
  let lines = ask.lines;
  let bankAccount = ask.bankAccount ?? '';
  if (ask.requestId) {
    const req = refunds.requests?.[ask.requestId];
    if (!req) return refuse({ reason: 'refund-request-missing' });
    if (req.status !== 'open')
      return refuse({
        reason: 'refund-decided',
        message:
          req.status === 'approved'
            ? `Ta prośba o zwrot została już zatwierdzona (korekta ${req.correctionId ?? ''})`.trim()
            : 'O tej prośbie o zwrot już zdecydowano',
      });
    const outside = Object.entries(ask.lines ?? {}).find(
      ([lineId, quantity]) => !Object.hasOwn(req.lines, lineId) || quantity > req.lines[lineId],
    );
    if (outside)
      return refuse({
        reason: 'refund-line-missing',
        field: `lines.${outside[0]}`,
        message: 'Tej pozycji (lub tylu sztuk) nie ma w prośbie o zwrot',
      });
    lines = ask.lines ?? req.lines;
    bankAccount = req.bankAccount;
  }
  const result = planRefund(order, refunds.refunded, lines, ask.amount);
  if (!result.ok) return result;
  if (!ask.requestId) {
    const taken = result.plan.lines.find((l) => refunds.open?.[l.lineId]);
    if (taken)
      return refuse({
        reason: 'refund-open',
        field: `lines.${taken.lineId}`,
        message: `${taken.name} — uczestnik prosi już o zwrot tej pozycji: zdecyduj o jego prośbie`,
      });
  }
  for (const l of result.plan.lines) {
    const item = pickups[`${ask.orderId}-${l.lineId}`];
    if (item?.status === 'picked' && !refunds.returns?.[l.lineId] && !ask.goodsNotReturned) {
      return refuse({
        reason: 'refund-goods-not-returned',
        field: `lines.${l.lineId}`,
        item: l.name,
        message: `${l.name} — wydano już w punkcie odbioru: najpierw przyjmij zwrot albo zwróć pieniądze bez zwrotu towaru`,
      });
    }
  }
  return { ok: true, plan: result.plan, bankAccount };
}

interface CorrectionLine {
  name: string;
  unit: 'szt.';
  /** Units on the invoice before this correction and after it. */
  quantityBefore: number;
  quantityAfter: number;
  /** The difference: negative for a refunded line, +1 for a fee line. */
  quantity: number;
  unitGross: number;
  vatRate: VatRate;
  /** Differences (grosze): negative for a refunded line. Line VAT is informative, the per-rate amounts bind. */
  net: number;
  vat: number;
  gross: number;
}
interface CorrectionRate {
  vatRate: VatRate;
  net: number;
  vat: number;
  gross: number;
}
interface CorrectionAmounts {
  lines: Record<string, CorrectionLine>;
  /** Binding differences per rate, keyed `r23`, …, plus the rate's gross before and after. */
  perRate: Record<string, CorrectionRate & { grossBefore: number; grossAfter: number }>;
  totals: { net: number; vat: number; gross: number };
  /** Money to return (= −totals.gross). */
  refundAmount: number;
  fee: number;
  amountInWords: string;
}

const FEE_LINE_NAME = 'Opłata za anulowanie (część ceny niepodlegająca zwrotowi)';

/**
 * The correction of an invoice for a refund plan. `rateGross` is each rate's gross on the invoice
 * (its `totals.perRate`), `earlier` what earlier corrections changed per rate, `refunded` what they
 * took from each line. The fee is kept at the rates of the refunded lines, largest gross first.
 */
export function computeCorrection(input: {
  order: Pick<Order, 'lines'>;
  rateGross: Record<string, number>;
  earlier?: CorrectedRateGross;
  refunded?: RefundedLines;
  plan: RefundPlan;
}): CorrectionAmounts {
  const { order, plan } = input;
  const lines: Record<string, CorrectionLine> = {};
  const grossDiff = new Map<VatRate, number>();
  for (const l of plan.lines) {
    const line = order.lines[l.lineId];
    const before = line.quantity - (input.refunded?.[l.lineId]?.quantity ?? 0);
    const vat = -vatFromGross(l.gross, l.vatRate);
    lines[l.lineId] = {
      name: l.name,
      unit: 'szt.',
      quantityBefore: before,
      quantityAfter: before - l.quantity,
      quantity: -l.quantity,
      unitGross: l.unitGross,
      vatRate: l.vatRate,
      net: -l.gross - vat,
      vat,
      gross: -l.gross,
    };
    grossDiff.set(l.vatRate, (grossDiff.get(l.vatRate) ?? 0) - l.gross);
  }
  let feeLeft = plan.fee;
  const byRefunded = [...grossDiff.entries()].sort(([ra, ga], [rb, gb]) => ga - gb || rb - ra);
  for (const [rate, diff] of byRefunded) {
    if (feeLeft <= 0) break;
    const part = Math.min(feeLeft, -diff);
    feeLeft -= part;
    grossDiff.set(rate, diff + part);
    const vat = vatFromGross(part, rate);
    lines[`fee-r${rate}`] = {
      name: FEE_LINE_NAME,
      unit: 'szt.',
      quantityBefore: 0,
      quantityAfter: 1,
      quantity: 1,
      unitGross: part,
      vatRate: rate,
      net: part - vat,
      vat,
      gross: part,
    };
  }
  const perRate: CorrectionAmounts['perRate'] = {};
  for (const [rate, diff] of [...grossDiff.entries()].sort(([a], [b]) => b - a)) {
    const key = rateKey(rate);
    const grossBefore = (input.rateGross[key] ?? 0) + (input.earlier?.[key] ?? 0);
    const grossAfter = grossBefore + diff;
    const vat = vatFromGross(grossAfter, rate) - vatFromGross(grossBefore, rate);
    perRate[key] = { vatRate: rate, net: diff - vat, vat, gross: diff, grossBefore, grossAfter };
  }
  const rates = Object.values(perRate);
  const totals = {
    net: rates.reduce((s, r) => s + r.net, 0),
    vat: rates.reduce((s, r) => s + r.vat, 0),
    gross: rates.reduce((s, r) => s + r.gross, 0),
  };
  return {
    lines,
    perRate,
    totals,
    refundAmount: -totals.gross,
    fee: plan.fee,
    amountInWords: amountInWords(-totals.gross),
  };
}

/**
 * The stored correction invoice (`/corrections/{uid}/{KOR-…}`): the corrected invoice's seller and buyer
 * snapshots and identity with this correction's amounts. Pure, so the FA(3) tests build it exactly as
 * approveRefund does.
 */
export function correctionInvoice(input: {
  number: string;
  orderId: string;
  order: Pick<Order, 'uid' | 'number'>;
  invoiceId: string;
  invoice: Pick<Invoice, 'number' | 'issueDate' | 'issuePlace' | 'seller' | 'buyer' | 'vatMethod'>;
  issuedAt: number;
  issueDate: string;
  issuedBy: string;
  reason: string;
  amounts: CorrectionAmounts;
  refundAccount: string;
  /** The corrected invoice was paid online: the refund goes back through the provider (refundThrough). */
  paidOnline?: boolean;
}): CorrectionInvoice {
  const { invoice, amounts } = input;
  return {
    kind: 'correction',
    number: input.number,
    uid: input.order.uid,
    orderId: input.orderId,
    orderNumber: input.order.number,
    corrected: { invoiceId: input.invoiceId, number: invoice.number, issueDate: invoice.issueDate },
    issueDate: input.issueDate,
    issuePlace: invoice.issuePlace,
    issuedAt: input.issuedAt,
    issuedBy: input.issuedBy,
    seller: invoice.seller,
    buyer: invoice.buyer,
    reason: input.reason,
    lines: amounts.lines,
    perRate: amounts.perRate,
    totals: amounts.totals,
    refundAmount: amounts.refundAmount,
    fee: amounts.fee,
    amountInWords: amounts.amountInWords,
    refundAccount: input.refundAccount,
    paymentMethod: 'przelew',
    ...(input.paidOnline ? { refundThrough: 'przelewy24' as const } : {}),
    vatMethod: invoice.vatMethod,
  };
}

/** After a correction: what the order's refund record holds for the next one. */
export function afterCorrection(
  refunded: RefundedLines | undefined,
  earlier: CorrectedRateGross | undefined,
  plan: RefundPlan,
  amounts: CorrectionAmounts,
): { refunded: RefundedLines; rateGross: CorrectedRateGross } {
  const nextRefunded: RefundedLines = { ...refunded };
  for (const l of plan.lines) {
    const prev = nextRefunded[l.lineId] ?? { quantity: 0, gross: 0 };
    nextRefunded[l.lineId] = { quantity: prev.quantity + l.quantity, gross: prev.gross + l.gross };
  }
  const rateGross: CorrectedRateGross = { ...earlier };
  for (const [key, r] of Object.entries(amounts.perRate)) rateGross[key] = (rateGross[key] ?? 0) + r.gross;
  return { refunded: nextRefunded, rateGross };
}

// ---------------------------------------------------------------- input pieces shared with callables.ts

/** Lines to refund: line id → units (1…30), at most 60 lines. */
export const refundLinesSchema = z
  .record(keySchema, z.int({ error: 'Podaj liczbę sztuk' }).min(1, 'Co najmniej 1 sztuka').max(1000, 'Za dużo sztuk'), {
    error: 'Wybierz pozycje do zwrotu',
  })
  .refine((lines) => Object.keys(lines).length >= 1, 'Wybierz pozycje do zwrotu')
  .refine((lines) => Object.keys(lines).length <= 60, 'Za dużo pozycji naraz');

/** A stored refund request id is a push id (server-minted); a correction id is `KOR-YYYY-NNNNNN`. */
export const correctionIdSchema = z.string().regex(/^KOR-\d{4}-\d{6,}$/, 'Nieprawidłowy numer korekty');

export const REFUND_REQUEST_STATUS_LABELS = {
  open: 'oczekuje',
  withdrawn: 'wycofana',
  approved: 'zatwierdzona',
  rejected: 'odrzucona',
} as const;
type RefundRequestStatus = keyof typeof REFUND_REQUEST_STATUS_LABELS;

export const REFUND_TRANSFER_STATUS_LABELS = { due: 'do przelania', transferred: 'przelano' } as const;
type RefundTransferStatus = keyof typeof REFUND_TRANSFER_STATUS_LABELS;

/**
 * A correction's money-out state as the admin reads it: the payment provider's refund notification
 * records the correction as `transferred` by PAYMENT_PROVIDER_ACTOR — the provider returned the money,
 * nobody made a transfer.
 */
export function refundTransferStatusLabel(transfer: { status: RefundTransferStatus; transferredBy?: string }): string {
  if (transfer.status === 'transferred' && transfer.transferredBy === PAYMENT_PROVIDER_ACTOR)
    return 'zwrócono przez Przelewy24';
  return REFUND_TRANSFER_STATUS_LABELS[transfer.status];
}

/** How much of a paid order its corrections took back: the state shown instead of a plain „opłacone”. */
export type OrderRefundState = 'none' | 'partial' | 'full';
export const ORDER_REFUND_STATE_LABELS = { partial: 'częściowo zwrócone', full: 'zwrócone' } as const;

export function orderRefundState(lines: Order['lines'], refunded: RefundedLines | undefined): OrderRefundState {
  const ids = Object.keys(lines ?? {});
  const taken = ids.filter((lineId) => (refunded?.[lineId]?.quantity ?? 0) > 0);
  if (taken.length === 0) return 'none';
  return ids.every((lineId) => (refunded?.[lineId]?.quantity ?? 0) >= lines[lineId].quantity) ? 'full' : 'partial';
}

/** An order's lines minus what refunds took back (fully refunded lines dropped): what the order still holds. */
export function linesLeftAfterRefunds(lines: Order['lines'], refunded: RefundedLines | undefined): Order['lines'] {
  if (!refunded) return lines;
  const left: Order['lines'] = {};
  for (const [lineId, line] of Object.entries(lines ?? {})) {
    const quantity = line.quantity - (refunded[lineId]?.quantity ?? 0);
    if (quantity > 0) left[lineId] = { ...line, quantity };
  }
  return left;
}

// ---------------------------------------------------------------- stored shapes (docs/refunds.md)

export interface RefundRequest {
  uid: string;
  lines: Record<string, number>;
  bankAccount: string;
  note?: string;
  status: RefundRequestStatus;
  createdAt: number;
  decidedAt?: number;
  decidedBy?: string;
  decisionReason?: string;
  correctionId?: string;
}
export interface RefundTransfer {
  number: string;
  amount: number;
  fee: number;
  bankAccount: string;
  status: RefundTransferStatus;
  createdAt: number;
  createdBy: string;
  requestId?: string;
  goodsNotReturned?: boolean;
  transferredOn?: string;
  transferredAt?: number;
  transferredBy?: string;
}
export interface OrderRefunds {
  uid: string;
  orderNumber: string;
  invoiceId: string;
  invoiceNumber: string;
  requests?: Record<string, RefundRequest>;
  /** line id → the open request for it: one open request per line. */
  open?: Record<string, string>;
  refunded?: RefundedLines;
  rateGross?: CorrectedRateGross;
  corrections?: Record<string, RefundTransfer>;
  /** Lines whose handed-out items staff took back at the pickup point. */
  returns?: Record<string, { at: number; by: string; byName: string }>;
  lock?: { token: string; by: string; at: number; year: number };
}

export interface CorrectionInvoice {
  kind: 'correction';
  number: string;
  uid: string;
  orderId: string;
  orderNumber: string;
  corrected: { invoiceId: string; number: string; issueDate: string };
  issueDate: string;
  issuePlace: string;
  issuedAt: number;
  issuedBy: string;
  seller: Invoice['seller'];
  buyer: Invoice['buyer'];
  reason: string;
  lines: CorrectionAmounts['lines'];
  perRate: CorrectionAmounts['perRate'];
  totals: CorrectionAmounts['totals'];
  refundAmount: number;
  fee: number;
  amountInWords: string;
  refundAccount: string;
  paymentMethod: 'przelew';
  /**
   * Set when the corrected invoice was paid online: the money goes back through the payment provider
   * to the account or card it came from (payments/refunds.ts); `refundAccount` is then only the
   * fallback should the provider refuse the refund.
   */
  refundThrough?: 'przelewy24';
  vatMethod: string;
}
