import { formatInvoiceNumber, formatOrderNumber, nextOrderCounter, reserveInvoiceSequence, warsawYear, type InvoiceCounter } from '../domain/index.js';
import { db } from '../lib/admin.js';
import { transact } from '../lib/tx.js';

/**
 * Document numbers, allocated from the year counters under /counters (docs/data-model.md). Order
 * numbers: one transaction per placement on /counters/orders/{year}. Invoice numbers are gapless:
 * reserved per order in /counters/invoices/{year}, released by the confirmation's final update.
 */
export async function allocateOrderNumber(now: number): Promise<string> {
  const year = warsawYear(now);
  const { value } = await transact<{ last: number }>(db.ref(`counters/orders/${year}`), nextOrderCounter);
  return formatOrderNumber(year, value!.last);
}

/** The invoice number reserved for this order in the year's counter (the same one on a retry). */
export async function reserveInvoiceNumber(orderId: string, year: number): Promise<string> {
  let sequence = 0;
  await transact<InvoiceCounter>(db.ref(`counters/invoices/${year}`), (cur) => {
    const next = reserveInvoiceSequence(cur, orderId);
    sequence = next.sequence;
    return next.counter;
  });
  return formatInvoiceNumber(year, sequence);
}
