// Parsing of realistic synthetic statements (fixtures/): MT940 with Polish `~` and `^` sub-fields,
// camt.053 with a batched entry, and five banks' CSV layouts in Windows-1250 and UTF-8; then the
// files people actually upload by mistake: cut off, wrongly encoded, not a statement, far too big.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeStatementBytes } from './encoding.js';
import { readDetails } from './mt940.js';
import { MAX_STATEMENT_BYTES, readStatementFile, type ReadStatementOptions } from './statement.js';
import { StatementError, type BankTransaction } from './types.js';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

function read(bytes: Uint8Array, options?: ReadStatementOptions) {
  const result = readStatementFile(bytes, options);
  if (!result.ok) throw new Error('expected a statement, got a mapping request');
  return result.statement;
}

function refusal(run: () => unknown): StatementError {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

const brief = (t: BankTransaction) => [t.bookingDate, t.amountGrosze, t.title];

describe('MT940', () => {
  it('reads a Windows-1250 Pekao-style file: two statements, `~` sub-fields across lines, titles, payers, accounts', () => {
    const s = read(fixture('pekao-2026-07.sta'));
    expect(s).toMatchObject({ format: 'mt940', encoding: 'windows-1250', account: 'PL61109010140000071219812874' });
    expect(s.transactions.map(brief)).toEqual([
      ['2026-07-01', 14900, 'ZAM/2026/000101 bilet Jan Kowalski UL. MORSKA 1 81-300 GDYNIA'],
      ['2026-07-01', 29800, 'Zapłata za zamówienie zam 2026 102 — dwa karnety UL. ŻEGLARSKA 14/2 80-180 GDAŃSK'],
      ['2026-07-01', -1250, 'Opłata miesięczna 06/2026'],
      ['2026-07-02', 14800, 'ZAM2026000103 ZAM2026000104 koszulka i bilet OS. KOPERNIKA 7 87-100 TORUŃ'],
      ['2026-07-02', 10000, 'ZAM/2026/000105 UL. DŁUGA 3 00-238 WARSZAWA'],
      ['2026-07-02', 50000, 'Darowizna na organizację zlotu UL. PORTOWA 1 84-150 HEL'],
    ]);
    expect(s.transactions[3]).toMatchObject({ payerName: 'ŁUKASZ ŻÓŁĆ', payerAccount: 'PL89105014451000009087654321', reference: '2607020004411', currency: 'PLN' });
  });

  it('reads a file in a SWIFT envelope with `^` sub-fields and supplementary details', () => {
    const s = read(fixture('swift-envelope-2026-07-03.mt940'));
    expect(s.encoding).toBe('utf-8');
    expect(s.transactions.map(brief)).toEqual([
      ['2026-07-03', 10000, 'ZAM/2026/000106 koszulka + dopłata za wysyłkę'],
      ['2026-07-03', 14900, 'ponownie ZAM / 2026 / 000107'],
      ['2026-07-03', 5900, 'Zamówienie nr 2026/108 bilet jednodniowy'],
    ]);
    expect(s.transactions[0]).toMatchObject({ payerName: 'ANNA NOWAK', payerAccount: 'PL98249000050000400012345601', reference: 'F260703123' });
  });

  it('reads `?NN` and `<NN` sub-fields too, keeps a separator typed in the title, and takes free text as the title', () => {
    expect(readDetails('166?00PRZELEW?20ZAM/2026/000123 czy?21 to dobrze?32JAN KOWALSKI?3810201026000012345678901')).toEqual({
      title: 'ZAM/2026/000123 czy to dobrze',
      payerName: 'JAN KOWALSKI',
      payerAccount: '10201026000012345678901',
    });
    expect(readDetails('020<00PRZELEW<20ZAM 2026 7 karnet?<27ANNA<28NOWAK').title).toBe('ZAM 2026 7 karnet?');
    expect(readDetails('020<00PRZELEW<20ZAM 2026 7<27ANNA <28NOWAK').payerName).toBe('ANNA NOWAK');
    expect(readDetails('Wplata ZAM/2026/000123\nJan Kowalski')).toEqual({ title: 'Wplata ZAM/2026/000123 Jan Kowalski' });
  });

  it('refuses a file cut off anywhere after the first transaction', () => {
    const text = new TextDecoder('windows-1250').decode(fixture('pekao-2026-07.sta'));
    const codes = new Set<string>();
    // Within each statement, from its first transaction to its closing balance: a cut after the
    // closing balance leaves a complete (shorter) file, which is a valid statement.
    for (let from = text.indexOf(':61:'); from >= 0; from = text.indexOf(':61:', text.indexOf(':62F:', from))) {
      const closing = text.indexOf(':62F:', from) + ':62F:C2607'.length;
      for (let cut = from + 10; cut < closing; cut += 5) {
        const e = refusal(() => readStatementFile(new TextEncoder().encode(text.slice(0, cut))));
        codes.add(e.code);
        expect(e.message).toMatch(/niekompletny|uszkodzony|ucięty|Nieprawidłowa kwota|Nieprawidłowa data/);
      }
    }
    expect([...codes].sort()).toEqual(['malformed', 'truncated']);
  });

  it('refuses a statement whose transactions do not add up to its closing balance', () => {
    const text = new TextDecoder('windows-1250').decode(fixture('pekao-2026-07.sta')).replace(':61:2607010701C149,00', ':61:2607010701C149,10');
    const e = refusal(() => readStatementFile(new TextEncoder().encode(text)));
    expect(e.code).toBe('balance-mismatch');
    expect(e.message).toBe('Wyciąg 00123/1 się nie bilansuje: saldo początkowe i operacje nie dają salda końcowego — plik jest niekompletny lub uszkodzony.');
  });
});

describe('camt.053', () => {
  it('splits a batched entry into its transfers, skips pending entries and keeps debits signed', () => {
    const s = read(fixture('camt053-batched-2026-07-04.xml'));
    expect(s.format).toBe('camt053');
    expect(s.transactions.map((t) => [t.amountGrosze, t.title, t.payerName, t.reference])).toEqual([
      [10000, 'Zamowienie ZAM-2026-000105 cz.1', 'Grzegorz Brzęczyszczykiewicz', '260704000777'],
      [14900, 'ZAM/2026/000101', 'Jan Kowalski', 'PAYU-7781'],
      [29800, 'zam/2026/102 Wąsik', 'Zofia Wąsik', 'PAYU-7782'],
      [8900, 'ZAM 2026 000103; ZAM 2026 000104 koszulka', 'Łukasz Żółć & syn', 'PAYU-7783'],
      [-3690, 'Prowizja za przelewy zbiorcze', undefined, '260704000778'],
    ]);
    expect(s.warnings).toEqual(['Pominięto operacje niezaksięgowane (oczekujące): 1.']);
  });

  it('refuses a truncated XML file, a camt.054 notification and a DOCTYPE', () => {
    const text = new TextDecoder().decode(fixture('camt053-batched-2026-07-04.xml'));
    const cut = refusal(() => readStatementFile(new TextEncoder().encode(text.slice(0, Math.floor(text.length * 0.6)))));
    expect(cut.code).toBe('truncated');
    expect(cut.message).toMatch(/^Plik XML jest niekompletny \(urywa się w wierszu \d+\) — plik mógł zostać ucięty\.$/);
    const notification = text.replaceAll('BkToCstmrStmt', 'BkToCstmrDbtCdtNtfctn').replace('camt.053.001.02', 'camt.054.001.02');
    expect(refusal(() => readStatementFile(new TextEncoder().encode(notification))).code).toBe('unknown-format');
    const doctype = text.replace('<Document', '<!DOCTYPE x [<!ENTITY a "aaaa">]><Document');
    expect(refusal(() => readStatementFile(new TextEncoder().encode(doctype))).code).toBe('xml-entity-expansion');
  });

  it('refuses an entry total that disagrees with the balances', () => {
    const text = new TextDecoder().decode(fixture('camt053-batched-2026-07-04.xml')).replace('<Amt Ccy="PLN">100.00</Amt>', '<Amt Ccy="PLN">100.01</Amt>');
    expect(refusal(() => readStatementFile(new TextEncoder().encode(text))).code).toBe('balance-mismatch');
  });
});

describe('CSV of Polish banks', () => {
  it('mBank: Windows-1250, preamble, `#` headers, footer rows', () => {
    const s = read(fixture('mbank-2026-07.csv'));
    expect(s.encoding).toBe('windows-1250');
    expect(s.csv).toMatchObject({ source: 'preset', bank: 'mBank' });
    expect(s.transactions.map(brief)).toEqual([
      ['2026-07-01', 14900, 'ZAM/2026/000101'],
      ['2026-07-02', 29800, 'zam 2026 102; dwa karnety'],
      ['2026-07-02', -1250, 'Opłata miesięczna'],
      ['2026-07-03', 10000, 'ZAM/2026/000105, reszta w przyszłym tygodniu'],
      ['2026-07-04', 123400, 'Zamówienie ZAM/2026/000999'],
    ]);
    expect(s.transactions[1]).toMatchObject({ payerName: 'ZOFIA WĄSIK UL. ŻEGLARSKA 14/2 80-180 GDAŃSK', payerAccount: '89114020040000350212345678' });
  });

  it('ING: Windows-1250, quoted cells, transaction numbers as references', () => {
    const s = read(fixture('ing-2026-07.csv'));
    expect(s.csv?.bank).toBe('ING Bank Śląski');
    expect(s.transactions.map((t) => [t.amountGrosze, t.title, t.reference])).toEqual([
      [10000, 'ZAM/2026/000106 koszulka', '202607020000123'],
      [14900, 'ZAM/2026/000107 — jeszcze raz, przepraszam', '202607020000124'],
      [5900, 'ZAM/2026/000108', '202607030000311'],
      [-500, 'Opłata za przelew natychmiastowy', '202607030000312'],
    ]);
  });

  it('PKO BP: UTF-8 with BOM, signed amounts with a dot, details in „Label: value” cells', () => {
    const s = read(fixture('pko-bp-2026-07.csv'));
    expect(s).toMatchObject({ encoding: 'utf-8', csv: { bank: 'PKO BP' } });
    expect(s.transactions.map((t) => [t.amountGrosze, t.title, t.payerName, t.payerAccount])).toEqual([
      [14900, 'ZAM/2026/000101', 'JAN KOWALSKI', '60102010260000123456789012'],
      [14800, 'ZAM/2026/000103, 000104', 'ŁUKASZ ŻÓŁĆ', '89105014451000009087654321'],
      [-300, 'Opłata za przelew Express Elixir', undefined, undefined],
      [5900, 'zam2026108', 'ZOFIA WĄSIK', '89114020040000350212345678'],
    ]);
  });

  it('Millennium: separate debit and credit columns', () => {
    const s = read(fixture('millennium-2026-07.csv'));
    expect(s.csv?.bank).toBe('Bank Millennium');
    expect(s.transactions.map((t) => [t.bookingDate, t.amountGrosze, t.payerName])).toEqual([
      ['2026-07-03', 8900, 'Anna Nowak'],
      ['2026-07-03', -25000, 'Fundacja Morska'],
      ['2026-07-04', 14900, 'Grzegorz Brzęczyszczykiewicz'],
    ]);
  });

  it('Santander: no header, so the admin maps the columns once; the mapping is then found by the layout fingerprint', () => {
    const bytes = fixture('santander-2026-07.csv');
    const first = readStatementFile(bytes);
    expect(first.ok).toBe(false);
    if (first.ok) return;
    expect(first.encoding).toBe('windows-1250');
    expect(first.needsCsvMapping.headers).toEqual(['Kolumna 1', 'Kolumna 2', 'Kolumna 3', 'Kolumna 4', 'Kolumna 5', 'Kolumna 6', 'Kolumna 7', 'Kolumna 8']);
    expect(first.needsCsvMapping.sample[1].slice(0, 3)).toEqual(['01-07-2026', '01-07-2026', 'ZAM/2026/000101 opłata za bilet']);
    const mapping = {
      ...first.needsCsvMapping.mapping,
      dataStart: 1,
      dateFormat: 'DD-MM-YYYY' as const,
      decimal: ',' as const,
      columns: { bookingDate: 1, amount: 5, title: [2], payerName: [3], payerAccount: 4 },
    };
    const saved = { [first.needsCsvMapping.fingerprint]: mapping };
    const s = read(bytes, { savedCsvMappings: saved });
    expect(s.csv).toMatchObject({ source: 'saved', fingerprint: first.needsCsvMapping.fingerprint });
    expect(s.transactions.map(brief)).toEqual([
      ['2026-07-01', 14900, 'ZAM/2026/000101 opłata za bilet'],
      ['2026-07-02', 29800, 'ZAM/2026/000102, karnety'],
      ['2026-07-03', -900, 'Opłata za prowadzenie rachunku'],
    ]);
    // A wrong date format in a mapping is a clear error, naming the row.
    const e = refusal(() => readStatementFile(bytes, { csvMapping: { ...mapping, dataStart: 0, columns: { ...mapping.columns, bookingDate: 0 } } }));
    expect(e).toMatchObject({ code: 'bad-date', message: 'Nieprawidłowa data „2026-07-05” w wierszu 1 (oczekiwany format DD-MM-YYYY).' });
  });

  it('refuses a CSV cut off in the middle of a row', () => {
    const text = new TextDecoder('windows-1250').decode(fixture('ing-2026-07.csv'));
    const at = text.indexOf('ZAM/2026/000108');
    const e = refusal(() => readStatementFile(new TextEncoder().encode(text.slice(0, at + 5))));
    expect(e.code).toBe('truncated');
    const mbank = new TextDecoder('windows-1250').decode(fixture('mbank-2026-07.csv'));
    const cut = mbank.slice(0, mbank.indexOf('"ŁUKASZ ŻÓŁĆ') - 1);
    expect(refusal(() => readStatementFile(new TextEncoder().encode(cut)))).toMatchObject({ code: 'truncated', message: 'Ostatni wiersz pliku CSV (wiersz 20) jest niepełny — plik mógł zostać ucięty.' });
  });
});

describe('files that are not statements, or not readable as given', () => {
  it('refuses a 50 MB file before reading it', () => {
    const huge = new Uint8Array(50 * 1024 * 1024).fill(0x41);
    const e = refusal(() => readStatementFile(huge));
    expect(e).toMatchObject({ code: 'too-large', message: 'Plik jest za duży (50,0 MB). Wyciąg może mieć najwyżej 20,0 MB — wyeksportuj z banku krótszy okres.' });
    expect(MAX_STATEMENT_BYTES).toBe(20 * 1024 * 1024);
  });

  it('refuses an empty file, a spreadsheet, and plain text', () => {
    expect(refusal(() => readStatementFile(new Uint8Array())).message).toBe('Plik jest pusty.');
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00]);
    expect(refusal(() => readStatementFile(xlsx)).code).toBe('binary');
    expect(refusal(() => readStatementFile(new TextEncoder().encode('Drogi organizatorze,\nprzesyłam potwierdzenie.\n'))).code).toBe('unknown-format');
  });

  it('refuses double-encoded Polish letters and a wrongly chosen encoding, and honours a correct choice', () => {
    const mbank = fixture('mbank-2026-07.csv');
    const asLatin = new TextDecoder('windows-1252').decode(new TextEncoder().encode(new TextDecoder('windows-1250').decode(mbank)));
    const mojibake = new TextEncoder().encode(asLatin);
    expect(refusal(() => readStatementFile(mojibake))).toMatchObject({ code: 'bad-encoding' });
    expect(refusal(() => readStatementFile(mbank, { encoding: 'utf-8' }))).toMatchObject({ code: 'bad-encoding' });
    expect(read(mbank, { encoding: 'windows-1250' }).transactions).toHaveLength(5);
  });

  it('tells Windows-1250 from ISO-8859-2 by the letters only one of them has', () => {
    const text = 'Zażółć gęślą jaźń; Świętokrzyska, Ąę';
    const windows = encodeSingleByte(text, 'windows-1250');
    const latin2 = encodeSingleByte(text, 'iso-8859-2');
    expect(decodeStatementBytes(windows)).toEqual({ text, encoding: 'windows-1250' });
    expect(decodeStatementBytes(latin2)).toEqual({ text, encoding: 'iso-8859-2' });
    expect(decodeStatementBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toEqual({ text, encoding: 'utf-8' });
  });
});

/** The inverse of TextDecoder for a single-byte code page (tests only: the app never encodes). */
function encodeSingleByte(text: string, encoding: string): Uint8Array {
  const decoder = new TextDecoder(encoding);
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b++) table.set(decoder.decode(new Uint8Array([b])), b);
  return new Uint8Array([...text].map((ch) => table.get(ch)!));
}
