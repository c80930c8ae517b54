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
    expect(s.transactions[3]).toMatchObject({
      payerName: 'ŁUKASZ ŻÓŁĆ',
      payerAccount: 'PL89105014451000009087654321',
      reference: '2607020004411',
      currency: 'PLN',
    });
  });

  it('reads a file in a SWIFT envelope with `^` sub-fields and supplementary details', () => {
    const s = read(fixture('swift-envelope-2026-07-03.mt940'));
    expect(s.encoding).toBe('utf-8');
    expect(s.transactions.map(brief)).toEqual([
      ['2026-07-03', 10000, 'ZAM/2026/000106 koszulka + dopłata za wysyłkę'],
      ['2026-07-03', 14900, 'ponownie ZAM / 2026 / 000107'],
      ['2026-07-03', 5900, 'Zamówienie nr 2026/108 bilet jednodniowy'],
    ]);
    expect(s.transactions[0]).toMatchObject({
      payerName: 'ANNA NOWAK',
      payerAccount: 'PL98249000050000400012345601',
      reference: 'F260703123',
    });
  });

  it('reads `?NN` and `<NN` sub-fields too, keeps a separator typed in the title, and takes free text as the title', () => {
    expect(
      readDetails('166?00PRZELEW?20ZAM/2026/000123 czy?21 to dobrze?32JAN KOWALSKI?3810201026000012345678901'),
    ).toEqual({
      title: 'ZAM/2026/000123 czy to dobrze',
      payerName: 'JAN KOWALSKI',
      payerAccount: '10201026000012345678901',
    });
    expect(readDetails('020<00PRZELEW<20ZAM 2026 7 karnet?<27ANNA<28NOWAK').title).toBe('ZAM 2026 7 karnet?');
    expect(readDetails('020<00PRZELEW<20ZAM 2026 7<27ANNA <28NOWAK').payerName).toBe('ANNA NOWAK');
    expect(readDetails('Wplata ZAM/2026/000123\nJan Kowalski')).toEqual({
      title: 'Wplata ZAM/2026/000123 Jan Kowalski',
    });
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
    const text = new TextDecoder('windows-1250')
      .decode(fixture('pekao-2026-07.sta'))
      .replace(':61:2607010701C149,00', ':61:2607010701C149,10');
    const e = refusal(() => readStatementFile(new TextEncoder().encode(text)));
    expect(e.code).toBe('balance-mismatch');
    expect(e.message).toBe(
      'Wyciąg 00123/1 się nie bilansuje: saldo początkowe i operacje nie dają salda końcowego — plik jest niekompletny lub uszkodzony.',
    );
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
    const cut = refusal(() =>
      readStatementFile(new TextEncoder().encode(text.slice(0, Math.floor(text.length * 0.6)))),
    );
    expect(cut.code).toBe('truncated');
    expect(cut.message).toMatch(/^Plik XML jest niekompletny \(urywa się w wierszu \d+\) — plik mógł zostać ucięty\.$/);
    const notification = text
      .replaceAll('BkToCstmrStmt', 'BkToCstmrDbtCdtNtfctn')
      .replace('camt.053.001.02', 'camt.054.001.02');
    expect(refusal(() => readStatementFile(new TextEncoder().encode(notification))).code).toBe('unknown-format');
    const doctype = text.replace('<Document', '<!DOCTYPE x [<!ENTITY a "aaaa">]><Document');
    expect(refusal(() => readStatementFile(new TextEncoder().encode(doctype))).code).toBe('xml-entity-expansion');
  });

  it('refuses an entry total that disagrees with the balances', () => {
    const text = new TextDecoder()
      .decode(fixture('camt053-batched-2026-07-04.xml'))
      .replace('<Amt Ccy="PLN">100.00</Amt>', '<Amt Ccy="PLN">100.01</Amt>');
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
    expect(s.transactions[1]).toMatchObject({
      payerName: 'ZOFIA WĄSIK UL. ŻEGLARSKA 14/2 80-180 GDAŃSK',
      payerAccount: '89114020040000350212345678',
    });
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

  it('PKO BP without the balance column (the header a public importer quotes) is the same layout', () => {
    const text = new TextDecoder()
      .decode(fixture('pko-bp-2026-07.csv'))
      .replace(/,"Saldo po transakcji"/, '')
      .replace(/,"[+-][\d.]+"(?=,"(Rachunek|Tytuł|Nazwa|Opis|Adres|Numer|Lokalizacja|Operacja))/g, '');
    expect(text.split(/\r?\n/)[0]).toBe(
      '"Data operacji","Data waluty","Typ transakcji","Kwota","Waluta","Opis transakcji","","","",""',
    );
    expect(read(new TextEncoder().encode(text)).transactions).toEqual(read(fixture('pko-bp-2026-07.csv')).transactions);
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

  it('mBank „Lista operacji”: the separator comes from the header, not the comma-filled preamble; no mapping needed', () => {
    const bytes = fixture('mbank-lista-operacji-2026-07.csv');
    const s = read(bytes);
    expect(s.encoding).toBe('utf-8');
    expect(s.csv).toMatchObject({ source: 'preset', bank: 'mBank (lista operacji)', presetId: 'mbank-lista' });
    expect(s.transactions.map(brief)).toEqual([
      ['2026-07-05', 15000, 'ŁUKASZ ŻÓŁĆ ZAM/2026/000105 PRZELEW PRZYCHODZĄCY'],
      ['2026-07-05', -900, 'OPŁATA ZA PROWADZENIE RACHUNKU'],
      ['2026-07-04', 118561, 'FUNDACJA MORSKA, ODDZIAŁ GDYNIA ZAM/2026/000103, ZAM/2026/000104 PRZELEW PRZYCHODZĄCY'],
      ['2026-07-03', 29800, 'ZOFIA WĄSIK zam 2026 102; dwa karnety PRZELEW PRZYCHODZĄCY'],
      ['2026-07-03', 14900, 'JAN KOWALSKI ZAM/2026/000101 PRZELEW PRZYCHODZĄCY'],
    ]);
    // The admin's own mapping with „;” is read with „;” (it used to fail: „Mapowanie wskazuje kolumnę, której nie ma w pliku”).
    const own = read(bytes, {
      csvMapping: {
        delimiter: ';',
        headerRow: 3,
        dataStart: 4,
        decimal: ',',
        dateFormat: 'YYYY-MM-DD',
        columns: { bookingDate: 0, amount: 4, title: [1] },
      },
    });
    expect(own.csv).toMatchObject({ source: 'chosen' });
    expect(own.transactions.map(brief)).toEqual(s.transactions.map(brief));
    // A mapping made with „,” re-splits the rows with „,”: the amounts are then where that split puts them.
    const commas = refusal(() =>
      readStatementFile(bytes, {
        csvMapping: {
          delimiter: ',',
          headerRow: 3,
          dataStart: 4,
          decimal: ',',
          dateFormat: 'YYYY-MM-DD',
          columns: { bookingDate: 0, amount: 4, title: [1] },
        },
      }),
    );
    expect(commas.code).not.toBe('csv-mapping-invalid');
    // A layout the admin picks that the file does not have is named.
    expect(refusal(() => readStatementFile(bytes, { csvPreset: 'pekao' }))).toMatchObject({
      code: 'csv-mapping-invalid',
      message:
        'Plik nie ma układu „Bank Pekao” (inne kolumny niż w eksporcie tego banku) — wybierz inny układ albo rozpoznawanie automatyczne.',
    });
    expect(read(bytes, { csvPreset: 'mbank-lista' }).transactions).toHaveLength(5);
  });

  it('Bank Pekao: „Rachunek źródłowy” is the payer, dates DD.MM.YYYY, the bank reference kept', () => {
    const s = read(fixture('pekao-2026-07.csv'));
    expect(s.csv).toMatchObject({ source: 'preset', bank: 'Bank Pekao', presetId: 'pekao' });
    expect(s.transactions.map(brief)).toEqual([
      ['2026-07-01', 14900, 'ZAM/2026/000101 bilet'],
      ['2026-07-02', 29800, 'zam 2026 102; dwa karnety'],
      ['2026-07-03', -900, 'OPŁATA ZA PROWADZENIE RACHUNKU'],
      ['2026-07-04', 118561, 'ZAM/2026/000103, ZAM/2026/000104'],
    ]);
    expect(s.transactions[1]).toMatchObject({
      payerName: 'ZOFIA WĄSIK',
      payerAccount: '89114020040000350212345678',
      reference: 'C260702000102',
    });
  });

  it('Santander: no header, recognised by its summary row and row shape', () => {
    const s = read(fixture('santander-2026-07.csv'));
    expect(s.encoding).toBe('windows-1250');
    expect(s.csv).toMatchObject({ source: 'preset', bank: 'Santander Bank Polska', presetId: 'santander' });
    expect(s.transactions.map(brief)).toEqual([
      ['2026-07-01', 14900, 'ZAM/2026/000101 opłata za bilet'],
      ['2026-07-02', 29800, 'ZAM/2026/000102, karnety'],
      ['2026-07-03', -900, 'Opłata za prowadzenie rachunku'],
    ]);
    expect(s.transactions[0]).toMatchObject({
      payerName: 'JAN KOWALSKI UL. MORSKA 1 GDYNIA',
      payerAccount: '60102010260000123456789012',
    });
  });

  it('Credit Agricole: comma-separated Windows-1250, „Data” as YYYYMMDD, sender and recipient accounts; no mapping needed', () => {
    const bytes = fixture('credit-agricole-2026-07.csv');
    const s = read(bytes);
    expect(s.encoding).toBe('windows-1250');
    expect(s.csv).toMatchObject({ source: 'preset', bank: 'Credit Agricole', presetId: 'credit-agricole' });
    expect(s.transactions.map(brief)).toEqual([
      ['2026-07-09', 14900, 'ZAM/2026/000101 bilet jednodniowy'],
      ['2026-07-09', 118561, 'ZAM/2026/000103, ZAM/2026/000104 - Fundacja Morska, Gdańsk'],
      ['2026-07-10', -25000, 'Zwrot nadpłaty ZAM/2026/000099 - Ścibor Jaźwiński'],
      ['2026-07-10', 5900, 'zam 2026 108 Żaneta Ślęzak'],
    ]);
    expect(s.transactions.map((t) => t.payerAccount)).toEqual([
      '79114020044000350212345678',
      '23105014455100000908765432',
      '54194010766300096772000001',
      '61102010266000012345678901',
    ]);
    expect(read(bytes, { csvPreset: 'credit-agricole' }).transactions).toEqual(s.transactions);
    // A name column, when the export has one, is the payer's name.
    const text = new TextDecoder('windows-1250')
      .decode(bytes)
      .replace('"Rachunek nadawcy",', '"Rachunek nadawcy","Nazwa nadawcy",')
      .replace('"79114020044000350212345678",', '"79114020044000350212345678","JAN KOWALSKI",')
      .replace(/("\d{26}",)(?!"JAN)("\d{26}")/g, '$1"",$2');
    expect(read(new TextEncoder().encode(text)).transactions[0]).toMatchObject({
      payerName: 'JAN KOWALSKI',
      payerAccount: '79114020044000350212345678',
      amountGrosze: 14900,
    });
    // Another bank's file is not taken for this layout.
    expect(refusal(() => readStatementFile(fixture('pekao-2026-07.csv'), { csvPreset: 'credit-agricole' })).code).toBe(
      'csv-mapping-invalid',
    );
  });

  it('an unknown layout without a header: the admin maps the columns once; the mapping is then found by the layout fingerprint', () => {
    // The Santander rows without the summary row above them: no known layout.
    const text = new TextDecoder('windows-1250').decode(fixture('santander-2026-07.csv')).replace(/^[^\n]*\n/, '');
    const bytes = new TextEncoder().encode(text);
    const first = readStatementFile(bytes);
    expect(first.ok).toBe(false);
    if (first.ok) return;
    expect(first.needsCsvMapping.headers).toEqual([
      'Kolumna 1',
      'Kolumna 2',
      'Kolumna 3',
      'Kolumna 4',
      'Kolumna 5',
      'Kolumna 6',
      'Kolumna 7',
      'Kolumna 8',
    ]);
    expect(first.needsCsvMapping.sample[0].slice(0, 3)).toEqual([
      '01-07-2026',
      '01-07-2026',
      'ZAM/2026/000101 opłata za bilet',
    ]);
    const mapping = {
      ...first.needsCsvMapping.mapping,
      dataStart: 0,
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
    // A wrong date format in a mapping is a clear error.
    const e = refusal(() => readStatementFile(bytes, { csvMapping: { ...mapping, dateFormat: 'YYYY-MM-DD' } }));
    expect(e).toMatchObject({
      code: 'no-transactions',
      message: 'W pliku CSV nie ma żadnej operacji z datą w wybranym formacie — sprawdź mapowanie kolumn.',
    });
  });

  it('refuses a CSV cut off in the middle of a row', () => {
    const text = new TextDecoder('windows-1250').decode(fixture('ing-2026-07.csv'));
    const at = text.indexOf('ZAM/2026/000108');
    const e = refusal(() => readStatementFile(new TextEncoder().encode(text.slice(0, at + 5))));
    expect(e.code).toBe('truncated');
    const mbank = new TextDecoder('windows-1250').decode(fixture('mbank-2026-07.csv'));
    const cut = mbank.slice(0, mbank.indexOf('"ŁUKASZ ŻÓŁĆ') - 1);
    expect(refusal(() => readStatementFile(new TextEncoder().encode(cut)))).toMatchObject({
      code: 'truncated',
      message: 'Ostatni wiersz pliku CSV (wiersz 20) jest niepełny — plik mógł zostać ucięty.',
    });
  });
});

describe('files that are not statements, or not readable as given', () => {
  it('refuses a 50 MB file before reading it', () => {
    const huge = new Uint8Array(50 * 1024 * 1024).fill(0x41);
    const e = refusal(() => readStatementFile(huge));
    expect(e).toMatchObject({
      code: 'too-large',
      message: 'Plik jest za duży (50,0 MB). Wyciąg może mieć najwyżej 20,0 MB — wyeksportuj z banku krótszy okres.',
    });
    expect(MAX_STATEMENT_BYTES).toBe(20 * 1024 * 1024);
  });

  it('refuses an empty file, a spreadsheet, and plain text', () => {
    expect(refusal(() => readStatementFile(new Uint8Array())).message).toBe('Plik jest pusty.');
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00]);
    expect(refusal(() => readStatementFile(xlsx)).code).toBe('binary');
    expect(
      refusal(() => readStatementFile(new TextEncoder().encode('Drogi organizatorze,\nprzesyłam potwierdzenie.\n')))
        .code,
    ).toBe('unknown-format');
  });

  it('refuses double-encoded Polish letters and a wrongly chosen encoding, and honours a correct choice', () => {
    const mbank = fixture('mbank-2026-07.csv');
    const asLatin = new TextDecoder('windows-1252').decode(
      new TextEncoder().encode(new TextDecoder('windows-1250').decode(mbank)),
    );
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
    expect(decodeStatementBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toEqual({
      text,
      encoding: 'utf-8',
    });
  });
});

describe('CP852, MultiCash sub-fields and SWIFT framing', () => {
  const CP852 =
    'ÇüéâäůćçłëŐőîŹÄĆÉĹĺôöĽľŚśÖÜŤťŁ×čáíóúĄąŽžĘę¬źČş«»░▒▓│┤ÁÂĚŞ╣║╗╝Żż┐└┴┬├─┼Ăă╚╔╩╦╠═╬¤đĐĎËďŇÍÎě┘┌█▄ŢŮ▀ÓßÔŃńňŠšŔÚŕŰýÝţ´\u00ad˝˛ˇ˘§÷¸°¨˙űŘř■\u00a0';
  const cp852 = (text: string) =>
    new Uint8Array([...text].map((ch) => (ch.charCodeAt(0) < 128 ? ch.charCodeAt(0) : 128 + CP852.indexOf(ch))));

  it('detects CP852 and decodes it; a close call is marked uncertain, and a chosen encoding wins', () => {
    const text = 'ZAPŁATA ZA BILET; ŁÓDŹ, ul. Źródlana 5; Gęślą jaźń; Żółć';
    expect(decodeStatementBytes(cp852(text))).toEqual({ text, encoding: 'cp852' });
    // One ambiguous letter: Windows-1250 reads 0xA5 as „Ą”, CP852 as „ą”.
    expect(decodeStatementBytes(new Uint8Array([0x41, 0x3b, 0xa5, 0x3b, 0x42]))).toMatchObject({ uncertain: true });
    expect(decodeStatementBytes(cp852(text), 'windows-1250').text).not.toBe(text);
    expect(decodeStatementBytes(encodeSingleByte(text, 'windows-1250'), 'cp852').text).not.toBe(text);
    expect(decodeStatementBytes(cp852(text), 'cp852')).toEqual({ text, encoding: 'cp852' });
  });

  it('reads `<26` as the payer account and `<27`–`<29` as the name, and keeps a space between title sub-fields', () => {
    expect(
      readDetails(
        '020<00Przelew MultiCash<20ZAM/2026/000123<2621109011020000999999874157<27JAN KOWALSKI<28UL. ŁĄKOWA 1<2990-001 ŁÓDŹ',
      ),
    ).toEqual({
      title: 'ZAM/2026/000123',
      payerName: 'JAN KOWALSKI UL. ŁĄKOWA 1 90-001 ŁÓDŹ',
      payerAccount: '21109011020000999999874157',
    });
    // A short sub-field ended a word; a 27-character one was cut mid-word.
    expect(readDetails('020<20ZAM/2026/000123<21koszulka').title).toBe('ZAM/2026/000123 koszulka');
    expect(readDetails('020<20Opłata za zamówienie nr 202<216/000124').title).toBe(
      'Opłata za zamówienie nr 2026/000124',
    );
    // Where ~26 is no account it stays part of the title.
    expect(readDetails('020~20ZAM/2026/000125~26 dla Jana').title).toBe('ZAM/2026/000125 dla Jana');
  });

  it('reads ING’s layout: account in ~29, name in ~32–~33, IBAN in ~38 (the bank’s published example)', () => {
    const raw =
      '076~00COCGPRZELEW ~20 FAKTURA 1/F/03 ~21 FAKTURA 2/F/03 ~23~24 ~25 ~2919114020040000350230599137' +
      '~3011402004 ~310000350230599137~32 KONTRAHENT SP. Z O.O. ~33 ~34076 ~38 PL19114020040000350230599137 ' +
      '~60OPŁATA ZA PRZELEW 5,00~61KURS 4,0567 ~62 Ul. GRZYBOWSKA 12 ~6300-950 WARSZAWA';
    expect(readDetails(raw)).toEqual({
      title: 'FAKTURA 1/F/03 FAKTURA 2/F/03 OPŁATA ZA PRZELEW 5,00 KURS 4,0567 Ul. GRZYBOWSKA 12 00-950 WARSZAWA',
      payerName: 'KONTRAHENT SP. Z O.O.',
      payerAccount: 'PL19114020040000350230599137',
    });
  });

  it('ING Bank Śląski MT940 (Windows-1250, the layout of the bank’s published example)', () => {
    const s = read(fixture('ing-2026-07.mt940'));
    expect(s.encoding).toBe('windows-1250');
    expect(s.transactions.map(brief)).toEqual([
      ['2026-07-03', 14900, 'ZAM/2026/000101 bilet jednodniowy UL. MORSKA 1 81-300 GDYNIA'],
      ['2026-07-03', 29800, 'Opłata za zamówienie ZAM/2026/000102 dwa karnety'],
      ['2026-07-04', -500, 'OPŁATA ZA PRZELEW 5,00'],
    ]);
    expect(s.transactions[0]).toMatchObject({
      payerName: 'JAN KOWALSKI',
      payerAccount: 'PL60102010260000123456789012',
      reference: '2607030001',
    });
    expect(s.transactions[1]).toMatchObject({
      payerName: 'ZOFIA WĄSIK UL. ŻEGLARSKA 14/2',
      payerAccount: 'PL89114020040000350212345678',
    });
  });

  it('Bank Millennium MT940: CP852, `<` sub-fields, empty ones left out (the bank’s published description)', () => {
    const s = read(fixture('millennium-2026-07.sta'));
    expect(s.encoding).toBe('cp852');
    expect(s.transactions.map(brief)).toEqual([
      ['2026-07-06', 14900, 'Zapłata za zamówienie ZAM/2026/000101 - ŁÓDŹ'],
      ['2026-07-06', 8900, 'ZAM/2026/000103 koszulka'],
    ]);
    expect(s.transactions[0]).toMatchObject({
      payerName: 'JÓZEF GĄSIOROWSKI UL. ŹRÓDLANA 5 90-001 ŁÓDŹ',
      payerAccount: 'PL60102010260000123456789012',
      reference: 'MIL2607060001',
    });
    expect(s.transactions[1]).toMatchObject({ payerName: 'ŻANETA ŚLĘZAK' });
  });

  it('PKO BP MT940 (iPKO biznes): ISO-8859-2, `~` sub-fields one per line, empty ones filled with „˙”, name and address in ~32–~33', () => {
    const s = read(fixture('pko-bp-2026-07.sta'));
    expect(s).toMatchObject({ format: 'mt940', encoding: 'iso-8859-2', account: 'PL62102055610000380209730001' });
    expect(s.encodingUncertain).toBeFalsy();
    expect(s.transactions.map(brief)).toEqual([
      ['2026-07-07', 14900, 'ZAM/2026/000101 bilet jednodniowy'],
      ['2026-07-07', 29800, 'Opłata za zamówienie ZAM/2026/000102 - dwa karnety'],
      ['2026-07-07', -1250, 'OPŁATA ZA PROWADZENIE RACHUNKU 06/2026'],
      ['2026-07-07', 5900, 'ZAM/2026/000108 karnet Łódź'],
    ]);
    expect(s.transactions.map((t) => [t.payerName, t.payerAccount, t.reference])).toEqual([
      ['JAN KOWALSKI UL. MORSKA 1 81-300 GDYNIA', 'PL79114020044000350212345678', '7026070700001231'],
      ['ZOFIA WĄSIK UL. ŻEGLARSKA 14/2 80-180 GDAŃSK', 'PL23105014455100000908765432', '7026070700001232'],
      [undefined, undefined, '7026070700001233'],
      ['ŚCIBOR JAŹWIŃSKI UL. ŹRÓDLANA 5 90-001 ŁÓDŹ', 'PL71124010377111100012345678', '7026070700001234'],
    ]);
    // The filler never tips the encoding: a long statement of fillers and one Polish letter is still ISO-8859-2, not CP852.
    const text = new TextDecoder('iso-8859-2').decode(fixture('pko-bp-2026-07.sta'));
    const fee = text.slice(text.indexOf(':61:2607070707D'), text.indexOf(':61:2607070707C59'));
    const plain = text
      .replace(/[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/g, 'X')
      .replace(':62F:', `${fee.repeat(20)}:62F:`)
      .replace('karnet', 'karnet Ś');
    expect(decodeStatementBytes(encodeSingleByte(plain, 'iso-8859-2'))).toMatchObject({
      text: plain,
      encoding: 'iso-8859-2',
    });
    // The filler is an empty sub-field in every single-byte encoding it may be read in (CP852 makes it a no-break space).
    expect(readDetails('020~00110~20ZAM/2026/000101~21\u00a0~32JAN KOWALSKI~33˙~38˙~30˙~31˙')).toEqual({
      title: 'ZAM/2026/000101',
      payerName: 'JAN KOWALSKI',
    });
  });

  it('Santander Bank Polska MT940: SWIFT envelope, `>` sub-fields, title and name continued on plain lines', () => {
    const s = read(fixture('santander-2026-07.mt940'));
    expect(s).toMatchObject({ format: 'mt940', encoding: 'windows-1250', account: 'PL51109010144000071219812874' });
    expect(s.transactions.map(brief)).toEqual([
      ['2026-07-08', 14900, 'ZAM/2026/000101 bilet jednodniowy Łódź'],
      ['2026-07-08', 29800, 'Zapłata za zamówienie ZAM/2026/000102 dwa karnety'],
      ['2026-07-08', -900, 'Opłata za prowadzenie rachunku'],
    ]);
    expect(s.transactions.map((t) => [t.payerName, t.payerAccount, t.reference])).toEqual([
      ['ANNA NOWAK UL. DŁUGA 3 00-238 WARSZAWA', 'PL61102010266000012345678901', '26070812345601'],
      ['GRZEGORZ BRZĘCZYSZCZYKIEWICZ CHRZĄSZCZYŻEWOSZYCE 7', 'PL57116022441000000123456789', '26070812345602'],
      [undefined, undefined, '26070812345603'],
    ]);
    // Without ~38 the account comes from >31.
    expect(readDetails('>20ZAM/2026/000123>3161102010266000012345678901>32ANNA NOWAK').payerAccount).toBe(
      '61102010266000012345678901',
    );
  });

  it('reads mBank free text: OD, Z RACH. and TYT.', () => {
    expect(
      readDetails(
        '911 PRZELEW PRZYCHODZĄCY; Z RACH.: 35109010560000000006093440; OD: FIRMA 1 SP. Z O.O. ; TYT.: ZAM/2026/000126 KARNETY; TNR: 1234.01',
      ),
    ).toEqual({
      title: 'ZAM/2026/000126 KARNETY',
      payerName: 'FIRMA 1 SP. Z O.O.',
      payerAccount: '35109010560000000006093440',
    });
  });

  it('reads a SWIFT trailer on the closing line and bank header lines before each message like the bare file', () => {
    const bare = new TextDecoder()
      .decode(fixture('swift-envelope-2026-07-03.mt940'))
      .replace(/^\{1:[^\n]*\n/, '')
      .replace(/\r?\n-\}\r?\n?$/, '\n');
    const expected = read(new TextEncoder().encode(bare)).transactions;
    const trailer = bare.replace(/(:64:[^\r\n]*)/, '$1-}{5:{CHK:0123456789AB}}');
    expect(read(new TextEncoder().encode(trailer)).transactions).toEqual(expected);
    const twice = `ABNANL2A\r\n940\r\nABNANL2A\r\n${bare}ABNANL2A\r\n940\r\nABNANL2A\r\n${bare.replaceAll('MT940/260703', 'MT940/260704')}`;
    const both = read(new TextEncoder().encode(twice));
    expect(both.statementCount).toBe(2);
    expect(both.transactions).toEqual([...expected, ...expected]);
  });
});

/** The inverse of TextDecoder for a single-byte code page (tests only: the app never encodes). */
function encodeSingleByte(text: string, encoding: string): Uint8Array {
  const decoder = new TextDecoder(encoding);
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b++) table.set(decoder.decode(new Uint8Array([b])), b);
  return new Uint8Array([...text].map((ch) => table.get(ch)!));
}
