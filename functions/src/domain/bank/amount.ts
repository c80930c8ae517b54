/**
 * Amounts from bank files, parsed exactly into integer grosze by reading the digits — never through a
 * floating-point number ("0,29" is 29 grosze, not 28.999…).
 */
import { StatementError } from './types.js';

interface AmountOptions {
  /** The decimal separator the file uses; `auto` takes the last of `,` and `.` followed by 1–2 digits. */
  decimal?: ',' | '.' | 'auto';
}

/**
 * "1 234,56", "-1.234,56 PLN", "1234.5", "+149,00 zł", "149,00-" (sign after the number), "(12,00)"
 * → grosze. Returns null when the text is not an amount with at most two decimals (a third non-zero
 * decimal is refused rather than rounded: grosze cannot be split).
 */
export function parseAmountToGrosze(input: string, options: AmountOptions = {}): number | null {
  let text = input
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/(PLN|EUR|USD|GBP|CHF|zł|ZŁ|zl)$/i, '')
    .replace(/^(PLN|EUR|USD|GBP|CHF)/i, '');
  if (!text) return null;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-') || text.startsWith('−')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  }
  const decimal = options.decimal ?? 'auto';
  let integerPart: string;
  let fraction = '';
  const sep = decimal === 'auto' ? autoDecimal(text) : decimal;
  if (sep) {
    const at = text.lastIndexOf(sep);
    if (at >= 0) {
      integerPart = text.slice(0, at);
      fraction = text.slice(at + 1);
    } else integerPart = text;
  } else integerPart = text;
  const thousands = sep === ',' ? '.' : ',';
  // Thousands separators are allowed only in groups of three ("1.234.567,89").
  if (integerPart.includes(thousands)) {
    if (!new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})+$`).test(integerPart)) return null;
    integerPart = integerPart.split(thousands).join('');
  }
  if (integerPart === '') integerPart = '0';
  if (!/^\d{1,15}$/.test(integerPart) || !/^\d*$/.test(fraction)) return null;
  // Trailing zeros beyond grosze are fine (camt allows 5 decimals: "149.00000"); anything else is not.
  if (fraction.length > 2) {
    if (!/^0+$/.test(fraction.slice(2))) return null;
    fraction = fraction.slice(0, 2);
  }
  const value = Number(integerPart) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(value)) return null;
  return negative && value !== 0 ? -value : value;
}

/**
 * Which separator is the decimal one when the file does not say. Polish banks write a decimal comma,
 * so a lone comma is decimal; dots alone are decimal unless they separate groups of three
 * ("1.234", "1.234.567" are thousands). With both, the later one is decimal.
 */
function autoDecimal(text: string): ',' | '.' | null {
  const comma = text.lastIndexOf(',');
  const dot = text.lastIndexOf('.');
  if (comma < 0 && dot < 0) return null;
  if (comma >= 0 && dot >= 0) return comma > dot ? ',' : '.';
  if (comma >= 0) return ',';
  return /^\d{1,3}(\.\d{3})+$/.test(text) ? ',' : '.';
}

/** Like parseAmountToGrosze, but a refusal is a StatementError naming where the amount was. */
export function requireAmount(input: string, where: string, options?: AmountOptions): number {
  const value = parseAmountToGrosze(input, options);
  if (value === null)
    throw new StatementError('bad-amount', `Nieprawidłowa kwota „${input.trim().slice(0, 40)}” (${where}).`);
  return value;
}
