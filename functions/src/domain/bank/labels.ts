/** Polish texts of the preview and of booking results, shared by the admin page and the callable. */
import { formatMoney } from '../money.js';
import type { BookingAction, MatchCategory, MatchedTransaction } from './matching.js';

/** Short names (badges, filters). */
export const CATEGORY_LABELS: Record<MatchCategory, string> = {
  exact: 'Zgodna kwota',
  multiple: 'Kilka zamówień',
  overpaid: 'Nadpłata',
  underpaid: 'Niedopłata',
  'already-paid': 'Już opłacone',
  cancelled: 'Zamówienie anulowane',
  'no-order': 'Nie znaleziono zamówienia',
  'already-booked': 'Zaksięgowane wcześniej',
};

/** What the category means for the booking. */
export const CATEGORY_DESCRIPTIONS: Record<MatchCategory, string> = {
  exact: 'Kwota zgadza się z zamówieniem — zostanie zaksięgowane.',
  multiple: 'Jeden przelew za kilka zamówień, suma się zgadza — wszystkie zostaną zaksięgowane.',
  overpaid: 'Wpłacono więcej, niż wynosi zamówienie — zamówienie zostanie opłacone, a nadwyżka trafi na listę zwrotów.',
  underpaid: 'Wpłacono mniej, niż wynosi zamówienie — nie zostanie zaksięgowane, chyba że przypiszesz przelew ręcznie.',
  'already-paid': 'Zamówienie jest już opłacone (podwójny przelew) — kwota trafi na listę zwrotów.',
  cancelled:
    'Zamówienie zostało anulowane — zdecyduj: przypisz ręcznie (zamówienie, które wygasło bez zapłaty, zostanie przywrócone, jeśli są jeszcze miejsca), oznacz do zwrotu albo „nie dotyczy”.',
  'no-order': 'W tytule nie ma numeru istniejącego zamówienia — przypisz ręcznie albo oznacz „nie dotyczy”.',
  'already-booked': 'Ten przelew został już rozliczony w poprzednim imporcie — nie zostanie zaksięgowany drugi raz.',
};

export const ACTION_LABELS: Record<BookingAction['kind'], string> = {
  book: 'Zaksięguj',
  refund: 'Do zwrotu',
  ignore: 'Nie dotyczy',
  skip: 'Pozostaw bez zmian',
};

/** One sentence about the amount: "Wpłynęło 129,00 zł, należność 149,00 zł — brakuje 20,00 zł." */
export function amountSentence(
  item: Pick<MatchedTransaction, 'tx' | 'dueGrosze' | 'differenceGrosze' | 'category'>,
): string {
  const paid = formatMoney(item.tx.amountGrosze);
  if (item.category === 'underpaid')
    return `Wpłynęło ${paid}, należność ${formatMoney(item.dueGrosze)} — brakuje ${formatMoney(-item.differenceGrosze)}.`;
  if (item.category === 'overpaid')
    return `Wpłynęło ${paid}, należność ${formatMoney(item.dueGrosze)} — nadwyżka ${formatMoney(item.differenceGrosze)}.`;
  if (item.category === 'multiple') return `Wpłynęło ${paid} — tyle, ile razem kosztują zamówienia.`;
  return `Wpłynęło ${paid}.`;
}
