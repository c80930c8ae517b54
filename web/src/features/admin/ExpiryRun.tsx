import type { ExpireUnpaidOrdersOutput } from '@domain/callables';
import type { NounForms } from '@domain/words';
import { formatCount } from '../../shared/format/pl';

import { AdminRunPanel } from './ui';
import { callFunction } from '../../shared/firebase';

const ORDERS: NounForms = ['zamówienie', 'zamówienia', 'zamówień'];
const PENDING: NounForms = ['oczekujące zamówienie', 'oczekujące zamówienia', 'oczekujących zamówień'];

/** What an expiry run did, as the admin reads it. */
export function expirySummary(out: ExpireUnpaidOrdersOutput): string {
  const left =
    out.left > 0
      ? ` Na ${formatCount(out.left, ORDERS)} po terminie zabrakło czasu w tym przebiegu — uruchom ponownie albo poczekaj na automatyczny przebieg.`
      : '';
  if (out.expired.length > 0)
    return `Anulowano ${formatCount(out.expired.length, ORDERS)} bez wpłaty w terminie: ${out.expired.join(', ')}. Bilety i sztuki wróciły do puli.${left}`;
  if (left) return `Sprawdzono ${formatCount(out.checked, PENDING)}.${left}`;
  return `Sprawdzono ${formatCount(out.checked, PENDING)} — żadne nie minęło terminu płatności.`;
}

/**
 * Unpaid orders past their payment deadline are cancelled by a schedule in production and on an
 * interval by the local stack; this runs the same function now (expireUnpaidOrders).
 */
export function ExpiryRun() {
  return (
    <AdminRunPanel
      id="expiry-run-title"
      title="Terminy płatności"
      description={
        'Zamówienie bez wpłaty w terminie jest anulowane automatycznie (co 15 minut). Spóźniony przelew za ' +
        'takie zamówienie można jeszcze zaksięgować, jeśli bilety lub sztuki są nadal dostępne.'
      }
      buttonLabel="Anuluj nieopłacone po terminie"
      buttonColor="red"
      testId="expiry-run"
      confirm={{
        title: 'Nieopłacone po terminie',
        body: 'Zamówienia oczekujące na płatność, których termin płatności minął, zostaną anulowane, a ich bilety i sztuki wrócą do puli.',
        confirmLabel: 'Anuluj nieopłacone po terminie',
        color: 'red',
        run: async () => expirySummary(await callFunction('expireUnpaidOrders', {})),
      }}
    />
  );
}
