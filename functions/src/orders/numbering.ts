import {
  formatInvoiceNumber,
  formatOrderNumber,
  gaplessCounterSchema,
  nextOrderCounter,
  orderCounterSchema,
  reserveGaplessSequence,
  warsawYear,
} from '../domain/index.js';
import { holdNode } from '../lib/liveNodes.js';
import { transactStored } from '../lib/tx.js';

/** How long a process keeps listening to the year's order counter after its last placement. */
const ORDER_COUNTER_LINGER_MS = 10_000;

/**
 * Document numbers, allocated from the year counters under /counters (docs/data-model.md). Order
 * numbers: one transaction per placement on /counters/orders/{year}, on the value this process
 * listens to while placements run (lib/liveNodes.ts): the first attempt carries the current value,
 * and the SDK sends the transactions of concurrent placements as one write per round trip. Order
 * numbers may have gaps (a number taken by a placement that is then refused is skipped). Invoice
 * numbers are gapless: reserved per order in /counters/invoices/{year}, released by the
 * confirmation's final update.
 */
export async function allocateOrderNumber(now: number): Promise<string> {
  const year = warsawYear(now);
  const counter = await holdNode(`counters/orders/${year}`, { lingerMs: ORDER_COUNTER_LINGER_MS });
  try {
    const { value } = await transactStored(
      `counters/orders/${year}`,
      orderCounterSchema,
      'licznik zamówień',
      nextOrderCounter,
    );
    return formatOrderNumber(year, value!.last);
  } finally {
    counter.release();
  }
}

/** The invoice number reserved for this order in the year's counter (the same one on a retry). */
export async function reserveInvoiceNumber(orderId: string, year: number): Promise<string> {
  return formatInvoiceNumber(year, await reserveGaplessNumber('invoices', orderId, year));
}

/**
 * The sequence number reserved for this order in a gapless series' year counter (invoices,
 * corrections); the same one on a retry. The document's final update removes the reservation.
 */
export async function reserveGaplessNumber(
  series: 'invoices' | 'corrections',
  orderId: string,
  year: number,
): Promise<number> {
  let sequence = 0;
  await transactStored(`counters/${series}/${year}`, gaplessCounterSchema, 'licznik numerów', (cur) => {
    const next = reserveGaplessSequence(cur, orderId);
    sequence = next.sequence;
    return next.counter;
  });
  return sequence;
}
