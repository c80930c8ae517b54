import { describe, expect, it } from 'vitest';
import { parseWith } from '../issues.js';
import { decideRefundCandidateSettlement, settleBankRefundCandidateInput } from './refundCandidates.js';
import type { RefundCandidate } from './schemas.js';

const TX = `t${'a'.repeat(32)}`;
const OPEN: RefundCandidate = {
  txKey: TX,
  reason: 'duplicate',
  refundGrosze: 18_900,
  bookingDate: '2026-11-20',
  amountGrosze: 18_900,
  currency: 'PLN',
  title: 'ZAM/2026/000042',
  payerAccount: '61109010140000071219812874',
  status: 'open',
  createdAt: 1,
  createdBy: 'admin',
};
const NOW = Date.UTC(2026, 10, 26, 9);
const TODAY = '2026-11-26';

describe('settling a transfer set aside for a refund', () => {
  it('marks it returned on the day the organiser transferred it, by whom and when', () => {
    const d = decideRefundCandidateSettlement(
      OPEN,
      { txKey: TX, outcome: 'refunded', refundedOn: '2026-11-25' },
      'adm',
      NOW,
      TODAY,
    );
    expect(d).toEqual({
      ok: true,
      same: false,
      candidate: { ...OPEN, status: 'refunded', refundedOn: '2026-11-25', settledAt: NOW, settledBy: 'adm' },
    });
  });

  it('dismisses it with the reason', () => {
    const d = decideRefundCandidateSettlement(
      OPEN,
      { txKey: TX, outcome: 'dismissed', reason: 'Darowizna na rzecz wydarzenia' },
      'adm',
      NOW,
      TODAY,
    );
    expect(d).toEqual({
      ok: true,
      same: false,
      candidate: {
        ...OPEN,
        status: 'dismissed',
        dismissReason: 'Darowizna na rzecz wydarzenia',
        settledAt: NOW,
        settledBy: 'adm',
      },
    });
  });

  it('answers a repeat of the same settlement without a change', () => {
    const refunded = { ...OPEN, status: 'refunded' as const, refundedOn: '2026-11-25', settledAt: 5, settledBy: 'adm' };
    expect(
      decideRefundCandidateSettlement(
        refunded,
        { txKey: TX, outcome: 'refunded', refundedOn: '2026-11-25' },
        'other',
        NOW,
        TODAY,
      ),
    ).toEqual({ ok: true, same: true, candidate: refunded });
  });

  it('refuses the other settlement of one already settled, in Polish, naming what it is', () => {
    const refunded = { ...OPEN, status: 'refunded' as const, refundedOn: '2026-11-25', settledAt: 5, settledBy: 'adm' };
    expect(
      decideRefundCandidateSettlement(refunded, { txKey: TX, outcome: 'dismissed', reason: 'x' }, 'adm', NOW, TODAY),
    ).toEqual({
      ok: false,
      refusal: { reason: 'refund-decided', message: 'Ten przelew jest już oznaczony jako zwrócony (25.11.2026)' },
    });
    const dismissed = { ...OPEN, status: 'dismissed' as const, dismissReason: 'x' };
    expect(
      decideRefundCandidateSettlement(
        dismissed,
        { txKey: TX, outcome: 'refunded', refundedOn: '2026-11-25' },
        'adm',
        NOW,
        TODAY,
      ),
    ).toMatchObject({ ok: false, refusal: { message: 'Ten przelew jest już oznaczony jako odrzucony' } });
  });

  it('refuses a missing candidate and a return dated in the future or before the payment', () => {
    expect(
      decideRefundCandidateSettlement(null, { txKey: TX, outcome: 'refunded', refundedOn: TODAY }, 'adm', NOW, TODAY),
    ).toEqual({ ok: false, refusal: { reason: 'refund-missing', message: 'Nie ma takiego przelewu do zwrotu' } });
    expect(
      decideRefundCandidateSettlement(
        OPEN,
        { txKey: TX, outcome: 'refunded', refundedOn: '2026-11-27' },
        'adm',
        NOW,
        TODAY,
      ),
    ).toMatchObject({ ok: false, refusal: { message: 'Data zwrotu nie może być z przyszłości' } });
    expect(
      decideRefundCandidateSettlement(
        OPEN,
        { txKey: TX, outcome: 'refunded', refundedOn: '2026-11-19' },
        'adm',
        NOW,
        TODAY,
      ),
    ).toMatchObject({ ok: false, refusal: { message: 'Data zwrotu nie może być wcześniejsza niż data wpłaty' } });
  });
});

describe('the settlement input', () => {
  it('takes a return with its date and a dismissal with its reason', () => {
    expect(
      parseWith(settleBankRefundCandidateInput, { txKey: TX, outcome: 'refunded', refundedOn: '2026-11-25' }).ok,
    ).toBe(true);
    expect(
      parseWith(settleBankRefundCandidateInput, { txKey: TX, outcome: 'dismissed', reason: ' Darowizna ' }),
    ).toEqual({ ok: true, data: { txKey: TX, outcome: 'dismissed', reason: 'Darowizna' } });
  });

  it('refuses, in Polish and naming the field, what does not fit', () => {
    const problem = (data: unknown) => {
      const r = parseWith(settleBankRefundCandidateInput, data);
      return r.ok ? null : r.error;
    };
    expect(problem({ txKey: TX, outcome: 'zwrot', refundedOn: '2026-11-25' })).toEqual({
      field: 'outcome',
      message: 'Wybierz: zwrócony albo odrzucony',
    });
    expect(problem({ txKey: TX, outcome: 'dismissed', reason: '  ' })).toEqual({
      field: 'reason',
      message: 'Podaj powód',
    });
    expect(problem({ txKey: TX, outcome: 'refunded' })?.field).toBe('refundedOn');
    expect(problem({ txKey: '__proto__', outcome: 'refunded', refundedOn: '2026-11-25' })).toEqual({
      field: 'txKey',
      message: 'Nieprawidłowy identyfikator operacji',
    });
    expect(problem({ txKey: TX, outcome: 'dismissed', reason: 'x', refundedOn: '2026-11-25' })?.field).toBe(
      'refundedOn',
    );
  });
});
