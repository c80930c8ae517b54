// Hostile statement files, generated here: DTD tricks wherever they stand, nesting, attribute and
// element floods, and the size limit's message. Each must be refused with a message that says what is
// wrong — never a plain Error (the admin page would show only „Nie udało się odczytać pliku”).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkStatementSize, MAX_STATEMENT_BYTES, readStatementFile } from './statement.js';
import { StatementError } from './types.js';

const camt = readFileSync(new URL('./fixtures/camt053-batched-2026-07-04.xml', import.meta.url), 'utf8');
const bytes = (text: string) => new TextEncoder().encode(text);

function refusal(run: () => unknown): StatementError {
  try {
    run();
  } catch (error) {
    // pl-PL groups thousands with a no-break space; the expectations are written with plain ones.
    if (error instanceof StatementError)
      return Object.assign(error, { message: error.message.replaceAll('\u00a0', ' ') });
    throw new Error(`expected a StatementError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected the file to be refused');
}

/** The fixture with `prolog` placed between the XML declaration and the root. */
const withProlog = (prolog: string) => camt.replace('<Document', `${prolog}<Document`);

describe('DTD tricks are refused by the parser, wherever the DOCTYPE stands', () => {
  it('a DOCTYPE after a 20,000-character comment, its entity used in a title', () => {
    const text = withProlog(
      `<!--${'x'.repeat(20_000)}-->\n<!DOCTYPE Document [<!ENTITY order "ZAM/2026/000101">]>`,
    ).replace('>ZAM/2026/000101<', '>&order;<');
    const e = refusal(() => readStatementFile(bytes(text)));
    expect(e.code).toBe('xml-entity-expansion');
    expect(e.message).toMatch(
      /^Plik XML definiuje własne encje \(<!ENTITY>, wiersz 3\), których rozwinięcie może zająć ogromną ilość pamięci\./,
    );
  });

  it('an entity blow-up („billion laughs”)', () => {
    const levels = ['<!ENTITY l0 "ha">'];
    for (let i = 1; i < 10; i++) levels.push(`<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`);
    const text = withProlog(`<!DOCTYPE Document [${levels.join('')}]>`).replace('>ZAM/2026/000101<', '>&l9;<');
    const e = refusal(() => readStatementFile(bytes(text)));
    expect(e.code).toBe('xml-entity-expansion');
    expect(e.message).toContain('plik odrzucono bez rozwijania');
  });

  it('an external entity and an external DTD', () => {
    const entity = withProlog('<!DOCTYPE Document [<!ENTITY secret SYSTEM "file:///etc/passwd">]>').replace(
      '>ZAM/2026/000101<',
      '>&secret;<',
    );
    const e = refusal(() => readStatementFile(bytes(entity)));
    expect(e.code).toBe('xml-external-entity');
    expect(e.message).toMatch(/^Plik XML odwołuje się do zewnętrznego pliku lub adresu/);
    const dtd = withProlog('<!DOCTYPE Document PUBLIC "-//X//EN" "http://example.com/camt.dtd">');
    expect(refusal(() => readStatementFile(bytes(dtd))).code).toBe('xml-external-entity');
  });

  it('a plain DOCTYPE, and one inside the document', () => {
    expect(refusal(() => readStatementFile(bytes(withProlog('<!DOCTYPE Document>')))).code).toBe('xml-doctype');
    const inside = camt.replace('<GrpHdr>', '<!DOCTYPE Document [<!ENTITY a "b">]><GrpHdr>');
    expect(refusal(() => readStatementFile(bytes(inside))).code).toBe('xml-doctype');
  });
});

describe('limits that no real statement reaches', () => {
  it('200,000 nested tags', () => {
    const text = camt.replace('<GrpHdr>', `${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}<GrpHdr>`);
    const e = refusal(() => readStatementFile(bytes(text)));
    expect(e.code).toBe('xml-too-deep');
    expect(e.message).toMatch(/^Plik XML ma elementy zagnieżdżone głębiej niż 40 poziomów \(wiersz 4\)/);
  });

  it('an element with a thousand attributes', () => {
    const attributes = Array.from({ length: 1000 }, (_, i) => ` a${i}="${i}"`).join('');
    const text = camt.replace('<Amt Ccy="PLN">100.00</Amt>', `<Amt Ccy="PLN"${attributes}>100.00</Amt>`);
    const e = refusal(() => readStatementFile(bytes(text)));
    expect(e.code).toBe('xml-too-large');
    expect(e.message).toMatch(/^Element w wierszu \d+ ma ponad 16 atrybutów/);
  });

  it('an entry with 30,000 elements, and one with 6,000 attributes spread over its elements', () => {
    const elements = camt.replace(
      '<AcctSvcrRef>260704000777</AcctSvcrRef>',
      `<AcctSvcrRef>260704000777</AcctSvcrRef>${'<X/>'.repeat(30_000)}`,
    );
    const e = refusal(() => readStatementFile(bytes(elements)));
    expect(e.code).toBe('xml-too-large');
    expect(e.message).toMatch(/^Operacja nr 1 \(element Ntry od wiersza 16\) ma ponad 20 000 elementów/);
    const spread = camt.replace(
      '<AcctSvcrRef>260704000777</AcctSvcrRef>',
      `<AcctSvcrRef>260704000777</AcctSvcrRef>${'<X a="1" b="2" c="3" d="4" e="5" f="6"/>'.repeat(1_000)}`,
    );
    expect(refusal(() => readStatementFile(bytes(spread))).message).toMatch(
      /^Operacja nr 1 \(element Ntry od wiersza 16\) ma ponad 5000 atrybutów/,
    );
  });

  it('1.6 million attributes spread over elements of ten each', () => {
    const element = `<X ${Array.from({ length: 10 }, (_, i) => `a${i}="1"`).join(' ')}/>`;
    const text = camt.replace('<GrpHdr>', `<GrpHdr>${element.repeat(160_000)}`);
    const e = refusal(() => readStatementFile(bytes(text)));
    expect(e.code).toBe('xml-too-large');
    expect(e.message).toMatch(/^Plik XML ma ponad 500 000 atrybutów/);
    // Half a million attributes are read before the refusal: seconds on a loaded machine.
  }, 60_000);

  it('reports progress while a large statement is read, and reads it whole', () => {
    const entry = camt.slice(camt.indexOf('<Ntry>'), camt.indexOf('</Ntry>') + '</Ntry>'.length);
    // 4,000 copies of a 100,00 zł entry; the closing balance moves with them.
    const big = camt
      .replace(entry, entry.repeat(4_000))
      .replace('<Amt Ccy="PLN">5599.10</Amt>', '<Amt Ccy="PLN">405499.10</Amt>');
    const seen: number[] = [];
    const result = readStatementFile(bytes(big), { onProgress: (f) => seen.push(f) });
    expect(result.ok && result.statement.transactions.length).toBe(4_004);
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f, i) => i === 0 || f >= seen[i - 1])).toBe(true);
  }, 60_000);
});

describe('the size limit', () => {
  it('one byte over 20 MB shows a size visibly larger than the limit', () => {
    const e = refusal(() => checkStatementSize(MAX_STATEMENT_BYTES + 1));
    expect(e.code).toBe('too-large');
    expect(e.message).toBe(
      'Plik jest za duży (20 971 521 bajtów). Wyciąg może mieć najwyżej 20 971 520 bajtów (20,0 MB) — wyeksportuj z banku krótszy okres.',
    );
    expect(() => checkStatementSize(MAX_STATEMENT_BYTES)).not.toThrow();
  });
});
