/**
 * The admin settles a transfer the statement import set aside for a refund (`/bank/refundCandidates`,
 * docs/bank-import.md "Refund candidates"): returned by the organiser's own transfer, or dismissed.
 * One transaction on the candidate decides it in the domain (decideRefundCandidateSettlement), so two
 * admins clicking at once settle it once; a repeat of the same answer changes nothing.
 */
import { onCall } from 'firebase-functions/v2/https';
import { warsawDate } from './domain/index.js';
import {
  decideRefundCandidateSettlement,
  refundCandidateSchema,
  settleBankRefundCandidateInput,
  type SettleBankRefundCandidateOutput,
} from './domain/bank/index.js';
import { requireAdmin } from './lib/caller.js';
import { parseInput, refusalFrom } from './lib/refusal.js';
import { KEEP, transactStored } from './lib/tx.js';

export const settleBankRefundCandidate = onCall(async (request): Promise<SettleBankRefundCandidateOutput> => {
  const input = parseInput(settleBankRefundCandidateInput, request.data);
  const caller = requireAdmin(request);
  const now = Date.now();
  await transactStored(
    `bank/refundCandidates/${input.txKey}`,
    refundCandidateSchema,
    'przelew do zwrotu',
    (current) => {
      const decision = decideRefundCandidateSettlement(current, input, caller.uid, now, warsawDate(now));
      if (!decision.ok) throw refusalFrom(decision.refusal);
      return decision.same ? KEEP : decision.candidate;
    },
  );
  return { txKey: input.txKey, status: input.outcome };
});
