import { useMemo, useState } from 'react';
import { matchStatement, type BookingAction } from '@domain/bank/matching';
import type { BankBookingResult } from '@domain/bank/schemas';
import { callFunction } from '../../shared/firebase';
import { refusalOf } from '../../shared/ui/formErrors';
import { useGetAllOrdersQuery } from '../orders';
import { useBankSettledTransactionsQuery } from './api';
import { BOOKING_CHUNK, assignableOrders, bookingItem, chunks, ordersForMatching, toBook } from './model';
import type { ReadStatement } from './useStatementFile';

export interface Booking {
  running: boolean;
  done: number;
  total: number;
  results: BankBookingResult[];
  error: string | null;
}

/**
 * A read statement matched against the orders, the admin's decisions on it, and booking what is
 * sendable in chunks of 25. A new statement (or none) starts afresh.
 */
export function useStatementBooking(read: { statement: ReadStatement; fileName: string } | null) {
  const orders = useGetAllOrdersQuery();
  const settled = useBankSettledTransactionsQuery();
  const statement = read?.statement ?? null;
  const [decisions, setDecisions] = useState<Record<string, BookingAction>>({});
  const [confirming, setConfirming] = useState(false);
  const [booking, setBooking] = useState<Booking | null>(null);
  // Decisions and a booking's progress belong to one statement: reset while rendering when it changes.
  const [decidedOn, setDecidedOn] = useState(statement);
  if (decidedOn !== statement) {
    setDecidedOn(statement);
    setDecisions({});
    setBooking(null);
  }

  const matchable = useMemo(() => ordersForMatching(orders.data ?? []), [orders.data]);
  const pendingOrders = useMemo(() => assignableOrders(matchable), [matchable]);
  const match = useMemo(
    () =>
      statement
        ? matchStatement({
            transactions: statement.transactions,
            orders: matchable,
            settled: settled.data ?? {},
            decisions,
          })
        : null,
    [statement, matchable, settled.data, decisions],
  );
  const sendable = useMemo(() => (match ? toBook(match) : []), [match]);

  function decide(key: string, action: BookingAction | null) {
    setDecisions((current) => {
      const next = { ...current };
      if (action) next[key] = action;
      else delete next[key];
      return next;
    });
  }

  async function book() {
    if (!read) return;
    setConfirming(false);
    const items = sendable.map(bookingItem);
    const state: Booking = { running: true, done: 0, total: items.length, results: [], error: null };
    setBooking({ ...state });
    const source = { format: read.statement.format, fileName: read.fileName.slice(0, 200) };
    for (const part of chunks(items, BOOKING_CHUNK)) {
      try {
        const { results } = await callFunction('bookBankTransactions', { items: part, source });
        state.results.push(...results);
      } catch (error) {
        // The rest is not sent; what was booked stays booked, and running again finishes the rest.
        state.error = `${refusalOf(error).message} Zaksięgowane przelewy pozostają zaksięgowane — uruchom księgowanie ponownie, aby dokończyć.`;
        break;
      }
      state.done += part.length;
      setBooking({ ...state, results: [...state.results] });
    }
    setDecisions({});
    setBooking({ ...state, running: false, results: [...state.results] });
  }

  return {
    orders,
    settled,
    pendingOrders,
    match,
    sendable,
    sendableGrosze: sendable.reduce((t, i) => t + i.tx.amountGrosze, 0),
    decide,
    confirming,
    setConfirming,
    /** The last booking run's progress and results. */
    progress: booking,
    book,
  };
}
