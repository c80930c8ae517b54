// Real statement files nobody on this project wrote (shared/bank-samples/, kept outside the repo):
// every file is read and checked against the counts and sums its README gives from an independent
// reading. The folder is found by walking up from this file (the main checkout and every worktree see
// the same one) or from BANK_SAMPLES_DIR; without it the test fails and says so.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readStatementFile } from './statement.js';
import { StatementError } from './types.js';

function findSamples(): string | null {
  const override = process.env.BANK_SAMPLES_DIR;
  if (override) return existsSync(override) ? override : null;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'shared', 'bank-samples');
    if (existsSync(path.join(candidate, 'README.md'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

interface Expected {
  file: string;
  statements: number;
  transactions: number;
  creditsGrosze: number;
  notes: string;
}

/** The README's table: | file | source | licence | statements | transactions | credits | notes |. */
function readme(dir: string): Expected[] {
  return readFileSync(path.join(dir, 'README.md'), 'utf8')
    .split('\n')
    .filter((line) => /^\|\s*(mt940|camt053)\//.test(line))
    .map((line) => {
      const cells = line.split('|').map((c) => c.trim());
      const [zl, gr = '00'] = cells[6].replace(/\s/g, '').split('.');
      return {
        file: cells[1],
        statements: Number(cells[4]),
        transactions: Number(cells[5]),
        creditsGrosze: Number(zl) * 100 + Number(gr.padEnd(2, '0')),
        notes: cells[7],
      };
    });
}

/** Files the README says must not be booked, and why. */
const REFUSED: Record<string, string> = {
  'camt053/genkgo__camt053.v4.xml': 'balance-mismatch',
  'camt053/genkgo__camt053.v8.xml': 'balance-mismatch',
};

const samples = findSamples();

describe('the shared corpus of real statement files', () => {
  it('is found', () => {
    expect(
      samples,
      'shared/bank-samples/ not found: looked in every parent folder of this file for shared/bank-samples/README.md; set BANK_SAMPLES_DIR to the folder',
    ).not.toBeNull();
  });

  const rows = samples ? readme(samples) : [];

  it('lists every file of the folder in its README', () => {
    if (!samples) throw new Error('shared/bank-samples/ not found (see the first test)');
    const onDisk = ['mt940', 'camt053'].flatMap((sub) =>
      existsSync(path.join(samples, sub)) ? readdirSync(path.join(samples, sub)).map((f) => `${sub}/${f}`) : [],
    );
    expect(rows.map((r) => r.file).sort()).toEqual(onDisk.sort());
    expect(rows.length).toBeGreaterThanOrEqual(9);
  });

  for (const row of rows) {
    it(`${row.file}: ${row.statements} statements, ${row.transactions} transactions, credits ${(row.creditsGrosze / 100).toFixed(2)}`, () => {
      const bytes = new Uint8Array(readFileSync(path.join(samples as string, row.file)));
      if (Object.hasOwn(REFUSED, row.file)) {
        let error: unknown;
        try {
          readStatementFile(bytes);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(StatementError);
        expect((error as StatementError).code).toBe(REFUSED[row.file]);
        return;
      }
      const result = readStatementFile(bytes);
      if (!result.ok) throw new Error(`${row.file}: asks for a CSV mapping`);
      const { transactions, statementCount } = result.statement;
      expect(statementCount).toBe(row.statements);
      expect(transactions.length).toBe(row.transactions);
      expect(transactions.filter((t) => t.amountGrosze > 0).reduce((sum, t) => sum + t.amountGrosze, 0)).toBe(
        row.creditsGrosze,
      );
      const text = transactions.map((t) => `${t.title} ${t.payerName ?? ''}`).join('\n');
      // No replacement characters, no letters of a wrongly guessed code page.
      expect(text).not.toMatch(/[\ufffdťŕĽľ]/);
    });
  }

  it('reads the CP852 MultiCash file with its Polish letters and its payer sub-fields', () => {
    if (!samples) throw new Error('shared/bank-samples/ not found (see the first test)');
    const result = readStatementFile(
      new Uint8Array(readFileSync(path.join(samples, 'mt940/DERIVED-cp852__inocenty__bph_sta.txt'))),
    );
    if (!result.ok) throw new Error('asks for a CSV mapping');
    const { transactions, encoding } = result.statement;
    expect(encoding).toBe('cp852');
    const text = transactions.map((t) => `${t.title} ${t.payerName ?? ''}`).join('\n');
    for (const word of [
      'ZAPŁATA ZA PALIWO GRUDZIEŃ',
      'MIKOŁAJCZYK',
      'ELEKTRONIKA SP. Z. O.O. PODZESPOŁY ELEKTRONICZNE KILIŃSKIEGO 27 30-308 KRAKÓW',
    ])
      expect(text).toContain(word);
    expect(transactions[0]).toMatchObject({
      title:
        'ZAPLATA ZA OPAKOWANIA DO KINESKOPÓW 17 I 21 CALI Z NADRUKIEM LOGO FIRMY FVT 2368/2989284/2006 KOD REKONCYLIACJI 000008 WPROWADZIŁ W SAP ID25012 REF 6065627001791917001',
      payerName: 'OPAKOWANIA SP. Z O.O UL. ROMAŃSKA 24 80-253 GDAŃSK',
      payerAccount: '21109011020000999999874157',
    });
  });

  it('reads the mBank free-text field 86 as payer, account and title', () => {
    if (!samples) throw new Error('shared/bank-samples/ not found (see the first test)');
    const result = readStatementFile(new Uint8Array(readFileSync(path.join(samples, 'mt940/wolph__mBank_mt940.sta'))));
    if (!result.ok) throw new Error('asks for a CSV mapping');
    expect(result.statement.transactions[0]).toMatchObject({
      title: 'PRZELEW SRODKOW',
      payerName: 'JAN NOWAK UL. NIJAKA 1 M 2 31-234 KRAKOW',
      payerAccount: '56114010810000267002001001',
    });
  });
});

/**
 * Beside the real files: our own fixtures, one per Polish bank layout (fixtures/, written from the
 * layouts docs/bank-import.md names). Each is recognised with no mapping and no chosen encoding (a small
 * file may still be marked uncertain, which only asks the admin to look), and its Polish letters come out whole.
 */
const OWN: [
  file: string,
  format: string,
  encoding: string,
  layout: string,
  transactions: number,
  creditsGrosze: number,
][] = [
  ['pekao-2026-07.sta', 'mt940', 'windows-1250', '', 6, 119500],
  ['ing-2026-07.mt940', 'mt940', 'windows-1250', '', 3, 44700],
  ['millennium-2026-07.sta', 'mt940', 'cp852', '', 2, 23800],
  ['pko-bp-2026-07.sta', 'mt940', 'iso-8859-2', '', 4, 50600],
  ['santander-2026-07.mt940', 'mt940', 'windows-1250', '', 3, 44700],
  ['swift-envelope-2026-07-03.mt940', 'mt940', 'utf-8', '', 3, 30800],
  ['camt053-batched-2026-07-04.xml', 'camt053', 'utf-8', '', 5, 63600],
  ['pko-bp-2026-07.csv', 'csv', 'utf-8', 'pko-bp', 4, 35600],
  ['mbank-2026-07.csv', 'csv', 'windows-1250', 'mbank', 5, 178100],
  ['mbank-lista-operacji-2026-07.csv', 'csv', 'utf-8', 'mbank-lista', 5, 178261],
  ['ing-2026-07.csv', 'csv', 'windows-1250', 'ing', 4, 30800],
  ['santander-2026-07.csv', 'csv', 'windows-1250', 'santander', 3, 44700],
  ['pekao-2026-07.csv', 'csv', 'utf-8', 'pekao', 4, 163261],
  ['millennium-2026-07.csv', 'csv', 'utf-8', 'millennium', 3, 23800],
  ['credit-agricole-2026-07.csv', 'csv', 'windows-1250', 'credit-agricole', 4, 139361],
];

describe('our Polish fixtures beside the corpus', () => {
  it('covers every fixture', () => {
    expect(OWN.map(([file]) => file).sort()).toEqual(readdirSync(new URL('./fixtures/', import.meta.url)).sort());
  });

  for (const [file, format, encoding, layout, count, credits] of OWN) {
    it(`${file}: ${format}${layout ? ` (${layout})` : ''} in ${encoding}, ${count} transactions, credits ${(credits / 100).toFixed(2)}`, () => {
      const result = readStatementFile(new Uint8Array(readFileSync(new URL(`./fixtures/${file}`, import.meta.url))));
      if (!result.ok) throw new Error(`${file}: asks for a CSV mapping`);
      const s = result.statement;
      expect({ format: s.format, encoding: s.encoding, layout: s.csv?.presetId ?? '' }).toEqual({
        format,
        encoding,
        layout,
      });
      expect(s.transactions.length).toBe(count);
      expect(s.transactions.filter((t) => t.amountGrosze > 0).reduce((sum, t) => sum + t.amountGrosze, 0)).toBe(
        credits,
      );
      const text = s.transactions.map((t) => `${t.title} ${t.payerName ?? ''}`).join('\n');
      expect(text).toMatch(/[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/);
      // No replacement characters, fillers, or letters of a wrongly guessed code page.
      expect(text).not.toMatch(/[\ufffd\u02d9\u00a0ťŕĽľÄĹ]/);
    });
  }
});
