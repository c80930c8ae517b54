import { splitGrosze, type Grosze } from './money.js';

const UNITS = ['', 'jeden', 'dwa', 'trzy', 'cztery', 'pięć', 'sześć', 'siedem', 'osiem', 'dziewięć'];
const TEENS = [
  'dziesięć',
  'jedenaście',
  'dwanaście',
  'trzynaście',
  'czternaście',
  'piętnaście',
  'szesnaście',
  'siedemnaście',
  'osiemnaście',
  'dziewiętnaście',
];
const TENS = [
  '',
  '',
  'dwadzieścia',
  'trzydzieści',
  'czterdzieści',
  'pięćdziesiąt',
  'sześćdziesiąt',
  'siedemdziesiąt',
  'osiemdziesiąt',
  'dziewięćdziesiąt',
];
const HUNDREDS = [
  '',
  'sto',
  'dwieście',
  'trzysta',
  'czterysta',
  'pięćset',
  'sześćset',
  'siedemset',
  'osiemset',
  'dziewięćset',
];

/** Polish noun forms: [1, 2–4 (not 12–14), everything else]. */
export type NounForms = readonly [one: string, few: string, many: string];

export const ZLOTY: NounForms = ['złoty', 'złote', 'złotych'];
export const GROSZ: NounForms = ['grosz', 'grosze', 'groszy'];
const GROUPS: NounForms[] = [
  ['', '', ''],
  ['tysiąc', 'tysiące', 'tysięcy'],
  ['milion', 'miliony', 'milionów'],
  ['miliard', 'miliardy', 'miliardów'],
  ['bilion', 'biliony', 'bilionów'],
];

/** Chooses the grammatical form that follows a number in Polish ("1 złoty", "2 złote", "5 złotych", "22 złote", "12 złotych"). */
export function pluralForm(n: number, forms: NounForms): string {
  const abs = Math.abs(n);
  if (abs === 1) return forms[0];
  const lastTwo = abs % 100;
  const last = abs % 10;
  if (last >= 2 && last <= 4 && !(lastTwo >= 12 && lastTwo <= 14)) return forms[1];
  return forms[2];
}

function below1000(n: number): string[] {
  const words: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h) words.push(HUNDREDS[h]);
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]);
  else {
    const t = Math.floor(rest / 10);
    const u = rest % 10;
    if (t) words.push(TENS[t]);
    if (u) words.push(UNITS[u]);
  }
  return words;
}

/** A non-negative integer in Polish words ("sto dwadzieścia trzy", "tysiąc", "dwa tysiące pięć"). */
export function numberToWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Cannot spell ${n}`);
  if (n === 0) return 'zero';
  const words: string[] = [];
  let group = 0;
  let rest = n;
  const parts: string[][] = [];
  while (rest > 0) {
    const chunk = rest % 1000;
    if (chunk) {
      const chunkWords = group > 0 && chunk === 1 ? [] : below1000(chunk);
      if (group > 0) chunkWords.push(pluralForm(chunk, GROUPS[group]));
      parts.unshift(chunkWords);
    }
    rest = Math.floor(rest / 1000);
    group++;
    if (group >= GROUPS.length && rest > 0) throw new RangeError(`Cannot spell ${n}`);
  }
  for (const p of parts) words.push(...p);
  return words.join(' ');
}

/**
 * Amount in words as printed on Polish invoices ("słownie: …").
 * - style "fraction" (default, the usual invoice form): "sto dwadzieścia trzy złote 45/100"
 * - style "words": "sto dwadzieścia trzy złote czterdzieści pięć groszy"
 */
export function amountInWords(amount: Grosze, style: 'fraction' | 'words' = 'fraction'): string {
  const { negative, zloty, grosze } = splitGrosze(amount);
  const zlotyPart = `${numberToWords(zloty)} ${pluralForm(zloty, ZLOTY)}`;
  const groszePart =
    style === 'fraction'
      ? `${String(grosze).padStart(2, '0')}/100`
      : `${numberToWords(grosze)} ${pluralForm(grosze, GROSZ)}`;
  return `${negative ? 'minus ' : ''}${zlotyPart} ${groszePart}`;
}

/**
 * Polish quotation marks nest as „…‚…’…”: quotes inside a quotation become the single ones, so a
 * product called „Bałtyk” is quoted as „Koszulka ‚Bałtyk’”, never „Koszulka „Bałtyk””.
 * Pairs deeper inside keep alternating; unbalanced marks are left as they are.
 */
export function nestQuotes(text: string): string {
  // The opening marks met so far and not yet closed; ’ closes only a ‚ (otherwise it is an apostrophe).
  const open: string[] = [];
  let out = '';
  for (const ch of text) {
    if (ch === '„' || ch === '‚') {
      out += open.length % 2 === 0 ? '„' : '‚';
      open.push(ch);
    } else if (open.length > 0 && (ch === '”' || (ch === '’' && open[open.length - 1] === '‚'))) {
      open.pop();
      out += open.length % 2 === 0 ? '”' : '’';
    } else out += ch;
  }
  return out;
}

/** `text` in Polish quotation marks, with any quotes inside it nested properly (see nestQuotes). */
export function quote(text: string): string {
  return nestQuotes(`„${text}”`);
}

// Ticket type names that already say what they are („Karnet 3-dniowy”, „Bilet dziecięcy (4–12 lat)”).
const NAMES_A_TICKET = /^(bilet|karnet|wejściówk|wejsciowk|abonament|pakiet|opask)/i;

/**
 * The invoice (and order) line of a ticket: its type and the participant. The word „Bilet” is put
 * in front only when the type's name does not already name a ticket, so a line never reads
 * „Bilet „Bilet dziecięcy (4–12 lat)””.
 */
export function ticketLineName(typeName: string, memberName: string): string {
  const what = NAMES_A_TICKET.test(typeName.trim()) ? typeName : `Bilet ${quote(typeName)}`;
  return `${what} — ${memberName}`;
}
