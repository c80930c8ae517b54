/**
 * Settling a transfer the statement import set aside for a refund (`/bank/refundCandidates/{txKey}`,
 * docs/bank-import.md): the organiser either returned it by a transfer of their own (`refunded`, with
 * the day it left) or decided it stays (`dismissed`, with the reason — e.g. the payer asked to keep it
 * as a donation, or it was returned outside the panel). Either ends the candidate; asking the same
 * again answers the same, asking the other refuses.
 */
import { z } from 'zod';
import { hasUnsafeText, isoDateSchema, LIMITS, UNSAFE_TEXT_MESSAGE } from '../schemas.js';
import { txKeySchema } from './transfer.js';
import { isoToPolishDate } from '../pdf/format.js';
import type { RefundCandidate } from './schemas.js';

const dismissReasonSchema = z
  .string({ error: 'Podaj powód' })
  .trim()
  .min(1, 'Podaj powód')
  .max(LIMITS.title, `Najwyżej ${LIMITS.title} znaków`)
  .refine((v) => !hasUnsafeText(v), UNSAFE_TEXT_MESSAGE);

/** Admin: mark a refund candidate returned (transferred by the organiser) or dismissed. */
export const settleBankRefundCandidateInput = z.discriminatedUnion(
  'outcome',
  [
    z.strictObject({ txKey: txKeySchema, outcome: z.literal('refunded'), refundedOn: isoDateSchema }),
    z.strictObject({ txKey: txKeySchema, outcome: z.literal('dismissed'), reason: dismissReasonSchema }),
  ],
  { error: 'Wybierz: zwrócony albo odrzucony' },
);
export type SettleBankRefundCandidateInput = z.output<typeof settleBankRefundCandidateInput>;
export interface SettleBankRefundCandidateOutput {
  txKey: string;
  status: 'refunded' | 'dismissed';
}

const REFUND_CANDIDATE_STATUS_LABELS: Record<RefundCandidate['status'], string> = {
  open: 'do zwrotu',
  refunded: 'zwrócony',
  dismissed: 'odrzucony',
};

type Refusal = { reason: 'refund-missing' | 'refund-decided'; message: string };

/**
 * What settling does to the candidate: the settled record, `same` when it already is settled exactly
 * so (a repeat after a lost answer), or a refusal. `today` (Warsaw date) bounds `refundedOn`.
 */
export function decideRefundCandidateSettlement(
  current: RefundCandidate | null,
  input: SettleBankRefundCandidateInput,
  by: string,
  now: number,
  today: string,
): { ok: true; candidate: RefundCandidate; same: boolean } | { ok: false; refusal: Refusal } {
  if (!current)
    return { ok: false, refusal: { reason: 'refund-missing', message: 'Nie ma takiego przelewu do zwrotu' } };
  if (current.status !== 'open') {
    const same =
      current.status === input.outcome &&
      (input.outcome === 'refunded' ? current.refundedOn === input.refundedOn : current.dismissReason === input.reason);
    if (same) return { ok: true, candidate: current, same: true };
    const when = current.status === 'refunded' && current.refundedOn ? ` (${isoToPolishDate(current.refundedOn)})` : '';
    return {
      ok: false,
      refusal: {
        reason: 'refund-decided',
        message: `Ten przelew jest już oznaczony jako ${REFUND_CANDIDATE_STATUS_LABELS[current.status]}${when}`,
      },
    };
  }
  if (input.outcome === 'refunded') {
    if (input.refundedOn > today)
      return { ok: false, refusal: { reason: 'refund-decided', message: 'Data zwrotu nie może być z przyszłości' } };
    if (input.refundedOn < current.bookingDate)
      return {
        ok: false,
        refusal: { reason: 'refund-decided', message: 'Data zwrotu nie może być wcześniejsza niż data wpłaty' },
      };
    return {
      ok: true,
      same: false,
      candidate: { ...current, status: 'refunded', refundedOn: input.refundedOn, settledAt: now, settledBy: by },
    };
  }
  return {
    ok: true,
    same: false,
    candidate: { ...current, status: 'dismissed', dismissReason: input.reason, settledAt: now, settledBy: by },
  };
}
