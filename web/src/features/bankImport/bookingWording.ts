// The booking step's wording. Booking records money that came IN (wpływy) on the organiser's
// account, so it never says „wysłać” (which reads as transfers going out), and verb and noun agree
// with the count the Polish way (1 / 2–4 / 5+).
import { formatCount, formatMoney, pluralForm, type NounForms } from '../../shared/format/pl';
import { INCOMING } from './model';

const WILL_BE_BOOKED: NounForms = ['Zostanie zaksięgowany', 'Zostaną zaksięgowane', 'Zostanie zaksięgowanych'];

/** Next to the „Zaksięguj” button: `Do zaksięgowania: 2 wpływy na łączną kwotę 298,00 zł.` */
export function bookingSummaryLine(count: number, totalGrosze: number): string {
  return count
    ? `Do zaksięgowania: ${formatCount(count, INCOMING)} na łączną kwotę ${formatMoney(totalGrosze)}.`
    : 'Nie ma wpływów do zaksięgowania.';
}

/** The confirmation dialog's first sentence: `Zostaną zaksięgowane 2 wpływy na łączną kwotę 298,00 zł.` */
export function bookingConfirmation(count: number, totalGrosze: number): string {
  return `${pluralForm(count, WILL_BE_BOOKED)} ${formatCount(count, INCOMING)} na łączną kwotę ${formatMoney(totalGrosze)}.`;
}
