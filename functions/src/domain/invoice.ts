/**
 * What a confirmed payment creates: the VAT invoice (built here, stored immutable under
 * /invoices/{uid}/{invoiceId}), the pickup items of the paid order and the counts its statistics move.
 * confirmPayment writes these records; the web app renders the stored invoice as it is.
 */
import { warsawDate } from './numbering.js';
import type { Invoice, InvoicePaymentMethod, Order, OrderLine, PickupItem, Seller, Totals } from './schemas.js';
import { rateKey } from './schemas.js';
import { computeLine, computeTotals, VAT_METHOD_NOTE, type VatLineInput } from './vat.js';
import { amountInWords, ticketLineName } from './words.js';

/** Order totals as stored: per VAT rate keyed "r23", "r8", … (see rateKey). */
export function orderTotals(lines: readonly Pick<OrderLine, 'unitGross' | 'quantity' | 'vatRate'>[]): Totals {
  const t = computeTotals(lines.map((l) => ({ unitGross: l.unitGross, quantity: l.quantity, vatRate: l.vatRate })));
  return {
    net: t.net,
    vat: t.vat,
    gross: t.gross,
    perRate: Object.fromEntries(t.perRate.map((r) => [rateKey(r.vatRate), r])),
  };
}

/** The line as the invoice names it: a ticket with its participant, a product with its variant. */
export function invoiceLineName(line: OrderLine): string {
  return line.type === 'ticket' ? ticketLineName(line.name, line.memberName) : `${line.name} (${line.variantLabel})`;
}

/** One invoice line: the line's amounts computed from gross (vat.ts), under the name the invoice prints. */
export function invoiceLine(name: string, line: VatLineInput): Invoice['lines'][string] {
  const a = computeLine(line);
  return {
    name,
    unit: 'szt.',
    quantity: a.quantity,
    unitNet: a.unitNet,
    unitGross: a.unitGross,
    vatRate: a.vatRate,
    net: a.net,
    vat: a.vat,
    gross: a.gross,
  };
}

interface InvoiceIssue {
  /** FV/YYYY/NNNNNN, reserved for this order in the year's counter. */
  number: string;
  orderId: string;
  order: Pick<Order, 'uid' | 'number' | 'lines' | 'totals' | 'buyer'>;
  seller: Seller;
  /** When the admin confirmed the payment (ms); the issue and sale dates are its Warsaw calendar day. */
  issuedAt: number;
  issuedBy: string;
  /**
   * The day the money arrived (YYYY-MM-DD): the booking date of the bank transfer that paid the order.
   * Without one (the admin confirmed by hand) it is the confirmation day. A date after the issue day is
   * taken as the issue day: the invoice records a payment made by the time it was issued.
   */
  paidOn?: string;
  /** How the money came: the provider's method for an online payment; a bank transfer otherwise. */
  paymentMethod?: InvoicePaymentMethod;
}

/** The invoice of a paid order. Amounts come from the shared VAT module; the totals are the order's. */
export function buildInvoice({
  number,
  orderId,
  order,
  seller,
  issuedAt,
  issuedBy,
  paidOn,
  paymentMethod = 'przelew',
}: InvoiceIssue): Invoice {
  const issueDate = warsawDate(issuedAt);
  return {
    number,
    uid: order.uid,
    orderId,
    orderNumber: order.number,
    issueDate,
    saleDate: issueDate,
    issuePlace: seller.city,
    issuedAt,
    issuedBy,
    seller,
    buyer: order.buyer.invoice,
    lines: Object.fromEntries(
      Object.entries(order.lines).map(([lineId, line]) => [lineId, invoiceLine(invoiceLineName(line), line)]),
    ),
    totals: order.totals,
    amountInWords: amountInWords(order.totals.gross),
    paymentMethod,
    paid: order.totals.gross,
    paidOn: paidOn !== undefined && paidOn < issueDate ? paidOn : issueDate,
    vatMethod: VAT_METHOD_NOTE,
  };
}

/** Pickup items, keyed "{orderId}-{lineId}" under /pickups/{uid}, and the counts a paid order adds. */
interface PaidOrderItems {
  pickups: Record<string, PickupItem>;
  /** Ticket lines (one ticket each): /stats/public/ticketsPaid. */
  ticketCount: number;
}

/**
 * What the staff hand out for a paid order: every merchandise line, and a ticket line when its
 * type has a pickup label (e.g. „Opaska na wydarzenie”).
 */
export function pickupItemsOf(
  orderId: string,
  order: Pick<Order, 'lines'>,
  pickupLabelOf: (ticketTypeId: string) => string | undefined,
  now: number,
): PaidOrderItems {
  const pickups: Record<string, PickupItem> = {};
  let ticketCount = 0;
  for (const [lineId, l] of Object.entries(order.lines)) {
    const base: Omit<PickupItem, 'label'> = {
      orderId,
      quantity: l.quantity,
      status: 'waiting',
      createdAt: now,
      ...(l.memberId ? { memberId: l.memberId, memberName: l.memberName } : {}),
    };
    if (l.type === 'ticket') {
      ticketCount++;
      const label = pickupLabelOf(l.ticketTypeId);
      if (label)
        pickups[`${orderId}-${lineId}`] = { ...base, label: `${label} — ${l.name}`, ticketTypeId: l.ticketTypeId };
    } else {
      pickups[`${orderId}-${lineId}`] = {
        ...base,
        label: `${l.name} (${l.variantLabel})`,
        productId: l.productId,
        variantId: l.variantId,
      };
    }
  }
  return { pickups, ticketCount };
}
