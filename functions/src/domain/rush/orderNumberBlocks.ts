/**
 * Order numbers in blocks (the hi/lo scheme): an instance of the functions claims ORDER_NUMBER_BLOCK
 * consecutive numbers with one transaction on `/counters/orders/{year}` (`last` grows by the block)
 * and hands them out one per order, so a sales rush does not queue every order on one counter.
 * Numbers stay unique and keep their format (ZAM/2026/000042: the bank-transfer title) but are no
 * longer gapless or in time order across instances: a block's unused numbers are lost when the
 * instance stops. Only invoice numbers must be gapless, and they are allocated at payment.
 */

export const ORDER_NUMBER_BLOCK = 25;

export interface OrderNumberBlock {
  year: number;
  /** the next sequence to hand out */
  next: number;
  /** the last sequence of the block */
  last: number;
}

/** Transaction update of the year's counter: claims the next block. */
export function claimOrderNumberBlock(counter: { last?: number } | null, size = ORDER_NUMBER_BLOCK): { last: number } {
  const last = counter && Number.isSafeInteger(counter.last) && (counter.last as number) > 0 ? (counter.last as number) : 0;
  return { last: last + size };
}

/** The block a committed claim gave: the `size` sequences ending at the counter's new `last`. */
export function blockFromClaim(year: number, counterAfter: { last: number }, size = ORDER_NUMBER_BLOCK): OrderNumberBlock {
  return { year, next: counterAfter.last - size + 1, last: counterAfter.last };
}

/**
 * Takes the next sequence of `block` for `year`: the sequence and the block that remains, or null
 * when a new block must be claimed (none yet, used up, or from another year).
 */
export function takeOrderSequence(block: OrderNumberBlock | null, year: number): { sequence: number; rest: OrderNumberBlock | null } | null {
  if (!block || block.year !== year || block.next > block.last) return null;
  const rest = block.next < block.last ? { ...block, next: block.next + 1 } : null;
  return { sequence: block.next, rest };
}
