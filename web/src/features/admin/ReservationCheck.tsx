import type { ReconcileReservationsOutput } from '@domain/callables';
import { pluralForm, type NounForms } from '@domain/words';
import { formatNumber } from '../../shared/format/pl';

import { AdminRunPanel } from './ui';
import { callFunction } from '../../shared/firebase';

const TICKET_TYPES: NounForms = ['typ biletu', 'typy biletów', 'typów biletów'];
const VARIANTS: NounForms = ['wariant produktu', 'warianty produktów', 'wariantów produktów'];
const CLAIMS: NounForms = ['rezerwację biletu', 'rezerwacje biletów', 'rezerwacji biletów'];
const ATTEMPTS: NounForms = ['przerwaną próbę zamówienia', 'przerwane próby zamówienia', 'przerwanych prób zamówienia'];
const ACCOUNTS: NounForms = ['konta', 'kont', 'kont'];
const CODES: NounForms = ['kodu rabatowego', 'kodów rabatowych', 'kodów rabatowych'];
const CANCELLATIONS: NounForms = ['przerwane anulowanie', 'przerwane anulowania', 'przerwanych anulowań'];

const count = (n: number, forms: NounForms) => `${formatNumber(n, 0)} ${pluralForm(n, forms)}`;

/** What a reconciliation checked and changed, as the admin reads it after the run. */
export function reconcileSummary(out: ReconcileReservationsOutput): string {
  const parts = [
    `Sprawdzono ${count(out.checkedTicketTypes, TICKET_TYPES)} i ${count(out.checkedVariants, VARIANTS)}.`,
  ];
  if (out.corrections.length === 0) parts.push('Liczby sprzedanych zgadzają się z zamówieniami.');
  else
    parts.push(
      `Poprawiono liczbę sprzedanych: ${out.corrections.map((c) => `${c.name} ${formatNumber(c.soldBefore, 0)} → ${formatNumber(c.soldAfter, 0)}`).join('; ')}.`,
    );
  if (out.releasedTicketClaims > 0)
    parts.push(`Zwolniono ${count(out.releasedTicketClaims, CLAIMS)} po przerwanych zamówieniach.`);
  if (out.removedStaleAttempts > 0) parts.push(`Usunięto ${count(out.removedStaleAttempts, ATTEMPTS)}.`);
  if (out.completedCancellations > 0) parts.push(`Dokończono ${count(out.completedCancellations, CANCELLATIONS)}.`);
  if (out.correctedHoldings > 0) parts.push(`Poprawiono limity zakupów ${count(out.correctedHoldings, ACCOUNTS)}.`);
  if (out.correctedDiscountUses > 0) parts.push(`Poprawiono liczbę użyć ${count(out.correctedDiscountUses, CODES)}.`);
  return parts.join(' ');
}

/**
 * The admin's repair for reservations left behind when the server stopped in the middle of an
 * order or a cancellation (reconcileReservations; see docs/data-model.md).
 */
export function ReservationCheck() {
  return (
    <AdminRunPanel
      id="reservation-check-title"
      title="Kontrola rezerwacji"
      description={
        'Gdy serwer przerwie zamówienie lub anulowanie w połowie, bilety albo sztuki mogą zostać zarezerwowane ' +
        'bez zamówienia. Przeliczenie porównuje liczby sprzedanych z zamówieniami i poprawia różnice.'
      }
      buttonLabel="Przelicz rezerwacje"
      testId="reconcile-start"
      confirm={{
        title: 'Przeliczenie rezerwacji',
        body:
          'Liczby sprzedanych biletów i sztuk zostaną policzone od nowa z zamówień, a rezerwacje pozostawione ' +
          'przez przerwane zamówienia — zwolnione. Na czas przeliczania (kilka sekund) nowe zamówienia są ' +
          'wstrzymywane; osoby, które wtedy zamawiają, zobaczą prośbę o ponowienie za chwilę.',
        confirmLabel: 'Przelicz rezerwacje',
        run: async () => reconcileSummary(await callFunction('reconcileReservations', {})),
      }}
    />
  );
}
