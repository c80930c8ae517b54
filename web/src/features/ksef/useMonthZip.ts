import { useState } from 'react';
import type { KsefFile } from '@domain/ksef/record';
import { formatCount, NOUNS } from '../../shared/format/pl';
import type { ActionResult } from '../../shared/ui/ResultAlert';
import { saveFile } from '../../shared/ui/saveFile';
import { zipXmlFiles } from './files';
import { monthLabel, type KsefRow } from './ksefRows';

const INVOICES = ['fakturę', 'faktury', 'faktur'] as const;
const WAITING_CORRECTIONS = ['korektę czekającą', 'korekty czekające', 'korekt czekających'] as const;

/** The month's FA(3) files as one ZIP (`KSeF-RRRR-MM.zip`): files that cannot be built, and corrections still waiting for their invoice's number, are left out and counted. */
export function useMonthZip(shown: readonly KsefRow[], month: string, report: (result: ActionResult) => void) {
  const [busy, setBusy] = useState(false);
  const valid = shown.filter((r) => r.file.ok && !r.waitsFor);
  const waitingCount = shown.filter((r) => r.file.ok && r.waitsFor).length;
  const invalidCount = shown.length - valid.length - waitingCount;

  async function download() {
    setBusy(true);
    try {
      const files = valid.map((r) => r.file as Extract<KsefFile, { ok: true }>);
      saveFile(`KSeF-${month}.zip`, await zipXmlFiles(files, new Date(`${month}-01T12:00:00Z`)), 'application/zip');
      const skipped = [
        invalidCount ? `${formatCount(invalidCount, INVOICES)} z błędami danych` : '',
        waitingCount ? `${formatCount(waitingCount, WAITING_CORRECTIONS)} na numer KSeF faktury korygowanej` : '',
      ].filter(Boolean);
      report(
        skipped.length
          ? {
              ok: false,
              partial: true,
              message: `Pobrano ${formatCount(valid.length, NOUNS.file)} XML. Pominięto ${skipped.join(' oraz ')} — szczegóły w tabeli.`,
            }
          : {
              ok: true,
              message: `Pobrano ${formatCount(valid.length, NOUNS.file)} XML z miesiąca ${monthLabel(month)}.`,
            },
      );
    } catch {
      report({ ok: false, message: 'Nie udało się przygotować pliku ZIP. Spróbuj ponownie.' });
    } finally {
      setBusy(false);
    }
  }
  return { download, busy, count: valid.length };
}
