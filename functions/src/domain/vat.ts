import { assertGrosze, type Grosze } from './money.js';

/**
 * VAT calculation for Polish invoices.
 *
 * Decision: prices in the catalogue are GROSS unit prices (what a consumer sees and pays), so the
 * invoice uses the "from gross" method of art. 106e ust. 7–8 ustawy o VAT:
 *  - per line: gross = unit gross × quantity; VAT = round(gross × rate / (100 + rate)); net = gross − VAT;
 *  - per rate (the legally binding amounts): gross = Σ line gross of that rate,
 *    VAT = round(gross × rate / (100 + rate)), net = gross − VAT — computed from the summed gross,
 *    NOT by summing line VATs (the two may differ by a grosz; the per-rate amount wins);
 *  - invoice totals = Σ per-rate amounts.
 * Rounding: half a grosz and more rounds up, less is dropped (art. 106e ust. 11), done in integer
 * arithmetic so no float ever touches money. Gross always equals exactly what the buyer pays.
 */
export const VAT_RATES = [23, 8, 5, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const VAT_METHOD_NOTE = 'VAT obliczono od wartości brutto (art. 106e ust. 7 i 8 ustawy o VAT)';

/** round(numerator / denominator) half-up for non-negative integers, exact in integers. */
function divRoundHalfUp(numerator: number, denominator: number): number {
  if (numerator < 0) return -divRoundHalfUp(-numerator, denominator);
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The VAT contained in a gross amount at the given rate. */
export function vatFromGross(gross: Grosze, rate: VatRate): Grosze {
  assertGrosze(gross);
  if (rate === 0) return 0;
  const numerator = gross * rate;
  if (!Number.isSafeInteger(numerator)) throw new RangeError('Amount too large for VAT calculation');
  return divRoundHalfUp(numerator, 100 + rate);
}

/** Net → VAT for the (rare) case a price is given net; kept for completeness and tests. */
export function vatFromNet(net: Grosze, rate: VatRate): Grosze {
  assertGrosze(net);
  return divRoundHalfUp(net * rate, 100);
}

export interface VatLineInput {
  unitGross: Grosze;
  quantity: number;
  vatRate: VatRate;
}

interface VatLineAmounts {
  unitGross: Grosze;
  /** Unit net shown on the invoice for information; the line net is computed from the line gross. */
  unitNet: Grosze;
  quantity: number;
  vatRate: VatRate;
  net: Grosze;
  vat: Grosze;
  gross: Grosze;
}

export function computeLine(line: VatLineInput): VatLineAmounts {
  assertGrosze(line.unitGross);
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
    throw new RangeError('Quantity must be a positive integer');
  const gross = line.unitGross * line.quantity;
  const vat = vatFromGross(gross, line.vatRate);
  return {
    unitGross: line.unitGross,
    unitNet: line.unitGross - vatFromGross(line.unitGross, line.vatRate),
    quantity: line.quantity,
    vatRate: line.vatRate,
    net: gross - vat,
    vat,
    gross,
  };
}

interface RateTotal {
  vatRate: VatRate;
  net: Grosze;
  vat: Grosze;
  gross: Grosze;
}

interface VatTotals {
  /** One entry per rate present, highest rate first (the order used on Polish invoices). */
  perRate: RateTotal[];
  net: Grosze;
  vat: Grosze;
  gross: Grosze;
}

export function computeTotals(lines: readonly VatLineInput[]): VatTotals {
  const grossByRate = new Map<VatRate, Grosze>();
  for (const line of lines) {
    const { gross } = computeLine(line);
    grossByRate.set(line.vatRate, (grossByRate.get(line.vatRate) ?? 0) + gross);
  }
  const perRate = [...grossByRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([vatRate, gross]) => {
      const vat = vatFromGross(gross, vatRate);
      return { vatRate, net: gross - vat, vat, gross };
    });
  return {
    perRate,
    net: perRate.reduce((s, r) => s + r.net, 0),
    vat: perRate.reduce((s, r) => s + r.vat, 0),
    gross: perRate.reduce((s, r) => s + r.gross, 0),
  };
}
