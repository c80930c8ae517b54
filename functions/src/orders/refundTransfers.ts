import { refundTransferSchema } from '../domain/refundSchemas.js';
import { warsawDate, type MarkRefundTransferredOutput } from '../domain/index.js';
import { commitWithMail, refundTransferredMail } from '../mail/index.js';
import { refuse } from '../lib/refusal.js';
import { KEEP, transactStored } from '../lib/tx.js';

/**
 * A correction's money went out: by the admin's transfer (markRefundTransferred) or through the payment
 * provider, whose refund notification calls this (payments/index.ts; `quietIfDone`: a correction
 * already marked is fine then, and the e-mail is not written again).
 */
export async function markCorrectionTransferred(
  input: { orderId: string; correctionId: string; transferredOn: string },
  by: string,
  now: number,
  { quietIfDone = false }: { quietIfDone?: boolean } = {},
): Promise<MarkRefundTransferredOutput> {
  if (input.transferredOn > warsawDate(now))
    throw refuse('invalid-input', { field: 'transferredOn', message: 'Data przelewu nie może być z przyszłości' });
  const { written, value: transfer } = await transactStored(
    `refunds/${input.orderId}/corrections/${input.correctionId}`,
    refundTransferSchema,
    `zwrot ${input.correctionId}`,
    (cur) => {
      if (!cur) throw refuse('refund-missing');
      if (cur.status === 'transferred') return KEEP;
      if (input.transferredOn < warsawDate(cur.createdAt))
        throw refuse('invalid-input', {
          field: 'transferredOn',
          message: 'Data przelewu nie może być wcześniejsza niż data korekty',
        });
      return {
        ...cur,
        status: 'transferred',
        transferredOn: input.transferredOn,
        transferredAt: now,
        transferredBy: by,
      };
    },
  );
  if (!transfer) throw refuse('refund-missing');
  const alreadyTransferred = !written;
  if (alreadyTransferred && quietIfDone)
    return { orderId: input.orderId, correctionId: input.correctionId, status: 'transferred' };
  // The commit point is the transaction above (one node), so the e-mail is written right after it
  // (docs/email.md). A call that failed in between left the transfer without its e-mail; the admin's
  // repeat, which the failed call asked for, writes it and is then refused as already done. The
  // message id is fixed per transfer and only its content fields are written, so a message already
  // written or sent stays as it is and goes out once.
  await commitWithMail({}, await refundTransferredMail(input.orderId, input.correctionId, transfer));
  if (alreadyTransferred)
    throw refuse('refund-already-transferred', {
      message: `Zwrot ${transfer.number} oznaczono jako przelany ${transfer.transferredOn ?? ''}`.trim(),
    });
  return { orderId: input.orderId, correctionId: input.correctionId, status: 'transferred' };
}
