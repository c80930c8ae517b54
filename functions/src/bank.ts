/**
 * Bank statement import (docs/bank-import.md). The admin's browser parses the statement file and
 * shows the preview; these callables book what the admin accepted and remember CSV column mappings.
 *
 * bookBankTransactions, per transfer (each on its own, so one failure never stops the others):
 *   1. claim `/bank/transactions/{txKey}` (transaction): absent or a stale claim → `processing`;
 *      `done` → answered as already settled (idempotent per bank transaction); a fresh claim → busy.
 *   2. book each order through the same confirmation as confirmPayment (invoice, pickups, stats),
 *      which writes `bankTransfer` on the order in its own atomic update. An order already paid by
 *      this transfer (a re-run after a crash) counts as booked; paid otherwise → duplicate;
 *      cancelled → its share is returned.
 *   3. one update: the settled record and, for money not applied to an order, the refund candidate
 *      `/bank/refundCandidates/{txKey}`.
 * A refusal that may pass on a retry (busy, try-again) releases the claim and reports the transfer
 * as failed; running the booking again finishes it (orders it already paid are recognised by txKey).
 */
import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions/v2';
import { onCall } from 'firebase-functions/v2/https';
import { formatMoney, orderSchema, type Order } from './domain/index.js';
import { transactionKey } from './domain/bank/keys.js';
import {
  bookBankTransactionsInput,
  saveBankCsvMappingInput,
  type BankBookingResult,
  type BankTransactionInput,
  bankTransactionRecordSchema,
  type BankTransactionRecord,
  type BookBankTransactionsOutput,
  type BookingActionInput,
  type BookingOrderResult,
  type RefundCandidate,
  type RefundReason,
  type SaveBankCsvMappingOutput,
} from './domain/bank/schemas.js';
import type { BankTransfer } from './domain/bank/transfer.js';
import { db } from './lib/admin.js';
import { requireAdmin, type Caller } from './lib/caller.js';
import { isRefusal, parseInput } from './lib/refusal.js';
import { readStored } from './lib/stored.js';
import { KEEP, transactStored } from './lib/tx.js';
import { confirmOrderPayment } from './orders/confirmation.js';
import { CALL_BUDGET_MS, timeBudget } from './lib/timeBudget.js';

/** A claim older than this belongs to a booking that died (a call lives at most 60 s) and may be taken over. */
const BANK_CLAIM_TTL_MS = 120_000;

type Source = { format: 'mt940' | 'camt053' | 'csv'; fileName?: string };

export const bookBankTransactions = onCall(async (request): Promise<BookBankTransactionsOutput> => {
  const input = parseInput(bookBankTransactionsInput, request.data);
  const caller = requireAdmin(request);
  // Transfers not started within the call's budget are reported for a re-run.
  const budget = timeBudget(CALL_BUDGET_MS);
  const results: BankBookingResult[] = [];
  for (const item of input.items) {
    const key = transactionKey(item.transaction, item.transaction.occurrence ?? 0);
    if (budget.spent()) {
      results.push({
        txKey: key,
        outcome: 'failed',
        orders: [],
        reason: 'try-again',
        message: 'Nie zdążono zaksięgować tego przelewu w tym przebiegu — uruchom księgowanie ponownie.',
      });
      continue;
    }
    // The claim's token is this loop's, so an error anywhere in the booking releases only this
    // booking's claim, never one another window holds on the same transfer.
    const token = randomUUID();
    try {
      results.push(await bookOne(key, token, item.transaction, item.action, caller, input.source));
    } catch (error) {
      logger.error(`bookBankTransactions: ${key} failed`, error);
      await releaseClaim(key, token);
      // A malformed order record is named to the admin; anything else is a server error to retry.
      const refusal = isRefusal(error)
        ? (error.details as { reason?: string; message?: string } | undefined)
        : undefined;
      results.push(
        refusal?.reason === 'stored-data-invalid' && refusal.message
          ? { txKey: key, outcome: 'failed', orders: [], reason: refusal.reason, message: refusal.message }
          : {
              txKey: key,
              outcome: 'failed',
              orders: [],
              reason: 'internal',
              message: 'Błąd serwera przy księgowaniu tego przelewu — uruchom księgowanie ponownie.',
            },
      );
    }
  }
  return { results };
});

export const saveBankCsvMapping = onCall(async (request): Promise<SaveBankCsvMappingOutput> => {
  const input = parseInput(saveBankCsvMappingInput, request.data);
  const caller = requireAdmin(request);
  await db
    .ref(`bank/csvMappings/${input.fingerprint}`)
    .set({ bank: input.bank, mapping: input.mapping, savedAt: Date.now(), savedBy: caller.uid });
  return { fingerprint: input.fingerprint };
});

function transactionFields(tx: BankTransactionInput) {
  return {
    bookingDate: tx.bookingDate,
    amountGrosze: tx.amountGrosze,
    currency: tx.currency,
    title: tx.title,
    ...(tx.payerName ? { payerName: tx.payerName } : {}),
    ...(tx.payerAccount ? { payerAccount: tx.payerAccount } : {}),
    ...(tx.reference ? { reference: tx.reference } : {}),
  };
}

/** Removes this booking's claim, if it still holds it. */
async function releaseClaim(key: string, token: string): Promise<void> {
  await transactStored(`bank/transactions/${key}`, bankTransactionRecordSchema, 'przelew z wyciągu', (cur) => {
    if (!cur || cur.status !== 'processing' || cur.claim?.token !== token) return KEEP;
    return null;
  }).catch((error) => logger.error(`bookBankTransactions: could not release the claim on ${key}`, error));
}

async function bookOne(
  key: string,
  token: string,
  tx: BankTransactionInput,
  action: BookingActionInput,
  caller: Caller,
  source: Source,
): Promise<BankBookingResult> {
  const now = Date.now();
  const claim = await claimTransaction(key, tx, caller, source, token, now);
  if (claim.state === 'settled') {
    return {
      txKey: key,
      outcome: 'already-settled',
      orders: Object.entries(claim.settled.orders ?? {}).map(([orderId, result]) => ({ orderId, result })),
      message: 'Ten przelew został już rozliczony wcześniej — nie zaksięgowano go drugi raz.',
    };
  }
  if (claim.state === 'busy')
    return {
      txKey: key,
      outcome: 'failed',
      orders: [],
      reason: 'busy',
      message: 'Ten przelew jest właśnie księgowany w innym oknie — spróbuj ponownie za chwilę.',
    };

  const orderIds = action.kind === 'ignore' ? [] : (action.orderIds ?? []);
  const orders = new Map<string, Order | null>();
  for (const id of orderIds) orders.set(id, await readStored(`orders/${id}`, orderSchema, 'zamówienie'));

  if (action.kind === 'ignore')
    return settle(key, tx, caller, source, now, {
      outcome: 'ignored',
      orders: {},
      refund: null,
      message: 'Oznaczono jako „nie dotyczy”.',
    });

  if (action.kind === 'refund') {
    const list = [...orders.values()];
    const reason: RefundReason = list.some((o) => o?.status === 'paid')
      ? 'duplicate'
      : list.some((o) => o?.status === 'cancelled')
        ? 'cancelled'
        : 'unmatched';
    return settle(key, tx, caller, source, now, {
      outcome: 'refund',
      orders: {},
      refund: { reason, grosze: tx.amountGrosze, orders },
      message: `Oznaczono do zwrotu: ${formatMoney(tx.amountGrosze)}.`,
    });
  }

  // Booking: an automatic booking never pays orders with less than they cost; the admin's manual
  // assignment may (e.g. a bank fee deducted on the way).
  const due = orderIds.reduce((sum, id) => {
    const o = orders.get(id);
    return o && o.status === 'pending' ? sum + o.totals.gross : sum;
  }, 0);
  if (!action.manual && tx.amountGrosze < due) {
    await releaseClaim(key, token);
    return {
      txKey: key,
      outcome: 'failed',
      orders: [],
      reason: 'underpaid',
      message: `Wpłynęło ${formatMoney(tx.amountGrosze)}, a zamówienia kosztują ${formatMoney(due)} — nie zaksięgowano. Przypisz przelew ręcznie, jeśli chcesz go zaksięgować.`,
    };
  }

  const paid = await payOrders(key, tx, action, orders, caller);
  if ('failed' in paid) {
    // Nothing of this transfer is settled; orders it already paid are recognised by txKey on the re-run.
    await releaseClaim(key, token);
    return paid.failed;
  }
  return settle(key, tx, caller, source, now, bookedSettlement(tx, action, orders, paid.outcomes, paid.applied));
}

/**
 * Step 1: claims the transfer's record for this booking. Settled already, or claimed by a live
 * booking elsewhere: left as it is.
 */
async function claimTransaction(
  key: string,
  tx: BankTransactionInput,
  caller: Caller,
  source: Source,
  token: string,
  now: number,
): Promise<{ state: 'claimed' } | { state: 'busy' } | { state: 'settled'; settled: BankTransactionRecord }> {
  const { written, value } = await transactStored(
    `bank/transactions/${key}`,
    bankTransactionRecordSchema,
    'przelew z wyciągu',
    (cur) => {
      if (cur?.status === 'done') return KEEP;
      if (cur?.status === 'processing' && cur.claim && now - cur.claim.at < BANK_CLAIM_TTL_MS) return KEEP;
      return { ...transactionFields(tx), status: 'processing', claim: { token, by: caller.uid, at: now }, source };
    },
  );
  if (written) return { state: 'claimed' };
  return value?.status === 'done' ? { state: 'settled', settled: value } : { state: 'busy' };
}

type Booking = Extract<BookingActionInput, { kind: 'book' }>;

/** Step 2: confirms the payment of each chosen order that is still pending; what each order came to. */
async function payOrders(
  key: string,
  tx: BankTransactionInput,
  action: Booking,
  orders: Map<string, Order | null>,
  caller: Caller,
): Promise<{ outcomes: BankBookingResult['orders']; applied: number } | { failed: BankBookingResult }> {
  const transfer: BankTransfer = {
    txKey: key,
    bookingDate: tx.bookingDate,
    amountGrosze: tx.amountGrosze,
    ...(action.manual ? { manual: true } : {}),
  };
  const outcomes: BankBookingResult['orders'] = [];
  let applied = 0;
  const paidBefore = (id: string, order: Order, now: Order | null) => {
    const mine = now?.bankTransfer?.txKey === key;
    outcomes.push({
      orderId: id,
      number: order.number,
      result: mine ? 'booked' : 'duplicate',
      ...(now?.invoiceNumber ? { invoiceNumber: now.invoiceNumber } : {}),
    });
    if (mine) applied += order.totals.gross;
  };
  for (const [id, order] of orders) {
    if (!order) {
      outcomes.push({ orderId: id, result: 'missing' });
      continue;
    }
    if (order.status === 'paid') {
      paidBefore(id, order, order);
      continue;
    }
    try {
      const confirmed = await confirmOrderPayment(id, caller, { bankTransfer: transfer });
      outcomes.push({ orderId: id, number: order.number, result: 'booked', invoiceNumber: confirmed.invoiceNumber });
      applied += order.totals.gross;
    } catch (error) {
      const reason = isRefusal(error) ? (error.details as { reason?: string } | undefined)?.reason : undefined;
      // Paid between our read and our confirmation: by this transfer (a concurrent re-run) or by someone else.
      if (reason === 'already-paid') paidBefore(id, order, await readStored(`orders/${id}`, orderSchema, 'zamówienie'));
      else if (reason === 'already-cancelled' || reason === 'expired-sold-out')
        outcomes.push({ orderId: id, number: order.number, result: 'cancelled' });
      else if (reason === 'order-missing') outcomes.push({ orderId: id, result: 'missing' });
      else {
        // May pass on a retry (busy, try-again) or needs the admin first (event-missing).
        const message = isRefusal(error)
          ? ((error.details as { message?: string } | undefined)?.message ?? error.message)
          : 'Błąd serwera';
        return {
          failed: {
            txKey: key,
            outcome: 'failed',
            orders: outcomes,
            reason: reason ?? 'internal',
            message: `${order.number}: ${message}. Uruchom księgowanie ponownie, aby dokończyć.`,
          },
        };
      }
    }
  }
  return { outcomes, applied };
}

/** Step 3's content for a booking: the orders' results, the leftover to return and the admin's summary. */
function bookedSettlement(
  tx: BankTransactionInput,
  action: Booking,
  orders: Map<string, Order | null>,
  outcomes: BankBookingResult['orders'],
  applied: number,
): Settlement {
  const leftover = tx.amountGrosze - applied;
  const booked = outcomes.filter((o) => o.result === 'booked');
  const reason: RefundReason = booked.length
    ? 'overpaid'
    : outcomes.some((o) => o.result === 'duplicate')
      ? 'duplicate'
      : outcomes.some((o) => o.result === 'cancelled')
        ? 'cancelled'
        : 'unmatched';
  const parts: string[] = [];
  if (booked.length)
    parts.push(
      `Zaksięgowano: ${booked.map((o) => `${o.number}${o.invoiceNumber ? ` (faktura ${o.invoiceNumber})` : ''}`).join(', ')}.`,
    );
  for (const o of outcomes) {
    if (o.result === 'duplicate') parts.push(`Zamówienie ${o.number} było już opłacone wcześniej.`);
    if (o.result === 'cancelled') parts.push(`Zamówienie ${o.number} jest anulowane.`);
    if (o.result === 'missing') parts.push('Nie ma już jednego z wybranych zamówień.');
  }
  if (leftover > 0)
    parts.push(`${booked.length ? 'Nadwyżka' : 'Kwota'} ${formatMoney(leftover)} trafiła na listę zwrotów.`);
  return {
    outcome: booked.length ? 'booked' : 'refund',
    orders: Object.fromEntries(outcomes.map((o) => [o.orderId, o.result])),
    manual: action.manual === true,
    refund: leftover > 0 ? { reason, grosze: leftover, orders } : null,
    message: parts.join(' '),
    results: outcomes,
  };
}

interface Settlement {
  outcome: 'booked' | 'refund' | 'ignored';
  orders: Record<string, BookingOrderResult>;
  manual?: boolean;
  refund: { reason: RefundReason; grosze: number; orders: Map<string, Order | null> } | null;
  message: string;
  results?: BankBookingResult['orders'];
}

/** Step 3: the settled record and the refund candidate, in one atomic update (the claim goes with it). */
async function settle(
  key: string,
  tx: BankTransactionInput,
  caller: Caller,
  source: Source,
  now: number,
  s: Settlement,
): Promise<BankBookingResult> {
  const record: BankTransactionRecord = {
    ...transactionFields(tx),
    status: 'done',
    outcome: s.outcome,
    ...(Object.keys(s.orders).length ? { orders: s.orders } : {}),
    ...(s.manual ? { manual: true } : {}),
    ...(s.refund ? { refundGrosze: s.refund.grosze } : {}),
    settledAt: now,
    settledBy: caller.uid,
    source,
  };
  const updates: Record<string, unknown> = { [`bank/transactions/${key}`]: record };
  if (s.refund) {
    const named = [...s.refund.orders.entries()].filter((e): e is [string, Order] => e[1] !== null);
    const candidate: RefundCandidate = {
      txKey: key,
      reason: s.refund.reason,
      refundGrosze: s.refund.grosze,
      ...transactionFields(tx),
      ...(named.length
        ? { orders: Object.fromEntries(named.map(([id, o]) => [id, o.number])), uid: named[0][1].uid }
        : {}),
      status: 'open',
      createdAt: now,
      createdBy: caller.uid,
    };
    updates[`bank/refundCandidates/${key}`] = candidate;
  }
  await db.ref().update(updates);
  return {
    txKey: key,
    outcome: s.outcome,
    orders: s.results ?? [],
    ...(s.refund ? { refundGrosze: s.refund.grosze } : {}),
    message: s.message,
  };
}
