import { describe, expect, it } from 'vitest';
import { amountInWords, nestQuotes, numberToWords, pluralForm, quote, ticketLineName, ZLOTY, GROSZ } from './words.js';

describe('Polish amount in words', () => {
  it('spells numbers', () => {
    expect(numberToWords(0)).toBe('zero');
    expect(numberToWords(11)).toBe('jedenaście');
    expect(numberToWords(112)).toBe('sto dwanaście');
    expect(numberToWords(1000)).toBe('tysiąc');
    expect(numberToWords(1001)).toBe('tysiąc jeden');
    expect(numberToWords(2000)).toBe('dwa tysiące');
    expect(numberToWords(5000)).toBe('pięć tysięcy');
    expect(numberToWords(12345)).toBe('dwanaście tysięcy trzysta czterdzieści pięć');
    expect(numberToWords(22000)).toBe('dwadzieścia dwa tysiące');
    expect(numberToWords(1_000_000)).toBe('milion');
    expect(numberToWords(2_500_000)).toBe('dwa miliony pięćset tysięcy');
    expect(numberToWords(5_001_001)).toBe('pięć milionów tysiąc jeden');
  });
  it('chooses złoty / złote / złotych and grosz / grosze / groszy', () => {
    expect([1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 102, 112, 1001].map((n) => pluralForm(n, ZLOTY))).toEqual([
      'złoty',
      'złote',
      'złote',
      'złotych',
      'złotych',
      'złotych',
      'złotych',
      'złotych',
      'złote',
      'złotych',
      'złote',
      'złotych',
      'złotych',
    ]);
    expect([1, 3, 13, 23, 0].map((n) => pluralForm(n, GROSZ))).toEqual([
      'grosz',
      'grosze',
      'groszy',
      'grosze',
      'groszy',
    ]);
  });
  it('prints invoice style "… złote 45/100"', () => {
    expect(amountInWords(12345)).toBe('sto dwadzieścia trzy złote 45/100');
    expect(amountInWords(100)).toBe('jeden złoty 00/100');
    expect(amountInWords(1)).toBe('zero złotych 01/100');
    expect(amountInWords(150000)).toBe('tysiąc pięćset złotych 00/100');
    expect(amountInWords(123456789)).toBe(
      'milion dwieście trzydzieści cztery tysiące pięćset sześćdziesiąt siedem złotych 89/100',
    );
  });
  it('prints full words with grosze', () => {
    expect(amountInWords(222, 'words')).toBe('dwa złote dwadzieścia dwa grosze');
    expect(amountInWords(101, 'words')).toBe('jeden złoty jeden grosz');
    expect(amountInWords(1215, 'words')).toBe('dwanaście złotych piętnaście groszy');
  });
});

describe('quote / nestQuotes', () => {
  it('wraps a name in Polish quotes', () => {
    expect(quote('Karnet 3-dniowy')).toBe('„Karnet 3-dniowy”');
  });
  it('turns quotes inside a quotation into the inner ‚…’', () => {
    expect(quote('Koszulka „Bałtyk” (M)')).toBe('„Koszulka ‚Bałtyk’ (M)”');
    expect(nestQuotes('„Koszulka „Bałtyk” (M)” wydano już wczoraj')).toBe('„Koszulka ‚Bałtyk’ (M)” wydano już wczoraj');
  });
  it('leaves text with one level of quotes, and unbalanced marks, alone', () => {
    expect(nestQuotes('Produkt „Kubek” nie jest w sprzedaży')).toBe('Produkt „Kubek” nie jest w sprzedaży');
    expect(nestQuotes('rozmiar 5” i apostrof’')).toBe('rozmiar 5” i apostrof’');
    expect(quote('Sklep O’Neill')).toBe('„Sklep O’Neill”');
    expect(quote('Zestaw ‚Rejs’')).toBe('„Zestaw ‚Rejs’”');
  });
});

describe('ticketLineName', () => {
  it('does not repeat the word when the type names a ticket itself', () => {
    expect(ticketLineName('Bilet dziecięcy (4–12 lat)', 'Zosia Nowak')).toBe(
      'Bilet dziecięcy (4–12 lat) — Zosia Nowak',
    );
    expect(ticketLineName('Karnet 3-dniowy', 'Jan Kowalski')).toBe('Karnet 3-dniowy — Jan Kowalski');
  });
  it('says „Bilet” for a type named otherwise, with the name quoted', () => {
    expect(ticketLineName('VIP „Kapitański”', 'Anna Nowak')).toBe('Bilet „VIP ‚Kapitański’” — Anna Nowak');
  });
});
