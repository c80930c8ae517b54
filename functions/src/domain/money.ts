/** Money is always an integer number of grosze (1/100 zł). Never floats. */

export type Grosze = number;

function isGrosze(value: unknown): value is Grosze {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Splits into whole złote and grosze; the sign is returned separately. */
export function splitGrosze(amount: Grosze): { negative: boolean; zloty: number; grosze: number } {
  assertGrosze(amount);
  const abs = Math.abs(amount);
  return { negative: amount < 0, zloty: Math.floor(abs / 100), grosze: abs % 100 };
}

export function assertGrosze(amount: unknown): asserts amount is Grosze {
  if (!isGrosze(amount)) throw new RangeError(`Not an integer amount of grosze: ${String(amount)}`);
}

/**
 * pl-PL formatting done by hand so server, browser and tests agree byte for byte: Intl uses a
 * narrow no-break space for grouping and skips grouping for 4-digit numbers in pl-PL, which reads
 * badly on invoices ("1234,50 zł"). We group every number above 999 with a no-break space, which
 * also keeps "zł" on the same line as the amount. The one money formatter of the server, the web
 * app and the tests: `123450` → `1 234,50 zł`. Throws a RangeError on fractional grosze.
 */
export const NBSP = '\u00a0';

export function formatMoney(amount: Grosze, options: { currency?: boolean; separator?: string } = {}): string {
  const { negative, zloty, grosze } = splitGrosze(amount);
  const sep = options.separator ?? NBSP;
  const digits = String(zloty).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const text = `${negative ? '-' : ''}${digits},${String(grosze).padStart(2, '0')}`;
  return options.currency === false ? text : `${text}${sep}zł`;
}

/**
 * Parses what a person types in a price field ("12", "12,5", "1 234,50", "12.50 zł") into grosze.
 * Returns null for anything that is not an amount with at most two decimals.
 */
export function parsePln(input: string): Grosze | null {
  const cleaned = input
    .replace(/zł/i, '')
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(',', '.');
  const match = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -value : value;
}

export function sumGrosze(values: readonly Grosze[]): Grosze {
  let total = 0;
  for (const v of values) {
    assertGrosze(v);
    total += v;
  }
  assertGrosze(total);
  return total;
}
