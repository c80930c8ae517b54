/**
 * A correction invoice (faktura korygująca, `/corrections/{uid}/{KOR-…}`) as an FA(3) document with
 * `RodzajFaktury` KOR — the same seam as `fa3FromInvoice`: a pure mapper, then `buildFa3Xml` checks
 * and writes the file.
 *
 * How the correction is written (the schema's documentation of `StanPrzed`, `P_15` and `DaneFaKorygujacej`,
 * and the Ministry's FA(3) brochure):
 * - every corrected line appears twice, with its own row numbers: the state before the correction
 *   (`StanPrzed` = 1: units and gross value the invoice — after earlier corrections — still holds) and the
 *   state after it (0 units and 0,00 zł when the whole line is refunded);
 * - a cancellation fee kept by the seller is a new row (state after only, no "before" row);
 * - `P_13_x` / `P_14_x` and `P_15` are the differences (negative for a refund): the correction's binding
 *   per-rate amounts, computed from gross like the invoice;
 * - `PrzyczynaKorekty` the reason, `TypKorekty` 2 (a refund reduces the tax base when the correction is
 *   issued), `DaneFaKorygowanej` the corrected invoice's date and number and, once it was sent to KSeF,
 *   its KSeF number (`NrKSeF` 1); otherwise `NrKSeFN` 1 (the corrected invoice was issued outside KSeF).
 * No payment block: the money is returned later, by bank transfer, and that is recorded outside the file.
 */
import type { CorrectionInvoice } from '../refunds.js';
import { compareLineIds, fa3Document, fa3Line, type Fa3Document, type Fa3Line } from './fa3.js';

/** Refunded lines in invoice order (`l1`, `l2`, …, `l10`), fee lines (`fee-r{rate}`) after them, highest rate first. */
export function orderedCorrectionLineIds(lines: Record<string, unknown> | undefined): string[] {
  const ids = Object.keys(lines ?? {});
  const fee = (id: string) => id.startsWith('fee-');
  return ids.sort((a, b) => Number(fee(a)) - Number(fee(b)) || (fee(a) ? compareLineIds(b, a) : compareLineIds(a, b)));
}

/**
 * The correction snapshot as an FA(3) KOR document. `correctedKsefNumber`: the KSeF number recorded for
 * the corrected invoice, if any (`/ksef/{uid}/{invoiceId}`). Reads defensively: missing parts become
 * problems in `buildFa3Xml`, not exceptions here.
 */
export function fa3FromCorrection(correction: CorrectionInvoice, correctedKsefNumber?: string | null): Fa3Document {
  const lines: Fa3Line[] = [];
  for (const id of orderedCorrectionLineIds(correction.lines)) {
    const l = correction.lines[id];
    if (!id.startsWith('fee-')) lines.push(fa3Line(l, l.quantityBefore, l.unitGross * l.quantityBefore, true));
    lines.push(fa3Line(l, l.quantityAfter, id.startsWith('fee-') ? l.gross : l.unitGross * l.quantityAfter));
  }
  return {
    ...fa3Document('KOR', correction, lines, correction.perRate),
    correction: {
      reason: correction.reason,
      type: 2,
      corrected: {
        number: correction.corrected?.number,
        issueDate: correction.corrected?.issueDate,
        ...(correctedKsefNumber ? { ksefNumber: correctedKsefNumber } : {}),
      },
    },
  };
}
