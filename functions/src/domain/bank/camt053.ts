/**
 * ISO 20022 camt.053 (bank-to-customer statement) XML, read with the streaming parser saxes under
 * limits (`xmlTree.ts`; it runs in the browser's worker and in Node). Every value is kept as text and
 * amounts are parsed exactly. Batched entries (one booking of several transfers, `NtryDtls/TxDtls`
 * with their own amounts) become one transaction per transfer. Only booked entries count; the
 * statement's opening + entries = closing balance check catches truncated or edited files.
 */
import { requireAmount } from './amount.js';
import { cleanText, normalizeAccount } from './text.js';
import { StatementError, type BankTransaction } from './types.js';
import { CAMT_XML_LIMITS, readXmlTree, type XmlReadOptions } from './xmlTree.js';

type Node = Record<string, unknown>;

const ARRAYS = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

export interface CamtStatement {
  id: string;
  account: string;
  currency: string;
  transactions: BankTransaction[];
  pendingEntries: number;
}

export function looksLikeCamt053(text: string): boolean {
  const head = text.slice(0, 4000);
  return /<([A-Za-z0-9_]+:)?Document[\s>]/.test(head) && /camt\.05[234]|BkToCstmr/.test(head);
}

export function parseCamt053(text: string, options: XmlReadOptions = {}): CamtStatement[] {
  // The parser refuses any DOCTYPE (no entity is ever expanded) and anything beyond CAMT_XML_LIMITS.
  const doc = readXmlTree(text, ARRAYS, CAMT_XML_LIMITS, options) as Node;
  const root = (doc.Document as Node | undefined) ?? {};
  if (root.BkToCstmrAcctRpt || root.BkToCstmrDbtCdtNtfctn) {
    throw new StatementError(
      'unknown-format',
      'To jest raport camt.052 lub powiadomienie camt.054, a nie wyciąg. Pobierz z banku wyciąg dzienny camt.053.',
    );
  }
  const report = root.BkToCstmrStmt as Node | undefined;
  if (!report)
    throw new StatementError('unknown-format', 'Plik XML nie jest wyciągiem camt.053 (brak elementu BkToCstmrStmt).');
  const statements = (report.Stmt as Node[] | undefined) ?? [];
  if (statements.length === 0)
    throw new StatementError('malformed', 'Wyciąg camt.053 nie zawiera żadnego wyciągu (brak elementu Stmt).');
  return statements.map((s, i) => readStatement(s, i + 1));
}

function readStatement(s: Node, index: number): CamtStatement {
  const id = str(s.Id) || String(index);
  const acct = s.Acct as Node | undefined;
  const account = normalizeAccount(str(path(acct, 'Id', 'IBAN')) || str(path(acct, 'Id', 'Othr', 'Id'))) ?? '';
  let currency = str(path(acct, 'Ccy'));
  const balances = ((s.Bal as Node[] | undefined) ?? []).map((b) => ({
    code: str(path(b, 'Tp', 'CdOrPrtry', 'Cd')) || str(path(b, 'Tp', 'CdOrPrtry', 'Prtry')),
    grosze: signed(amountOf(b.Amt, `saldo wyciągu ${id}`), str(b.CdtDbtInd)),
    currency: attr(b.Amt, 'Ccy'),
  }));
  const transactions: BankTransaction[] = [];
  let bookedSum = 0;
  let pendingEntries = 0;
  const entries = (s.Ntry as Node[] | undefined) ?? [];
  entries.forEach((entry, e) => {
    const where = `wyciąg ${id}, operacja ${e + 1}`;
    const status = str(path(entry, 'Sts', 'Cd')) || str(entry.Sts);
    const entryGrosze = signed(amountOf(entry.Amt, where), str(entry.CdtDbtInd), str(entry.RvslInd) === 'true');
    const entryCurrency = attr(entry.Amt, 'Ccy');
    currency ||= entryCurrency;
    if (status && status !== 'BOOK') {
      pendingEntries++;
      return;
    }
    bookedSum += entryGrosze;
    const bookingDate = dateOf(entry.BookgDt) || dateOf(entry.ValDt);
    if (!bookingDate) throw new StatementError('bad-date', `Brak daty księgowania (${where}).`);
    const entryRef = str(entry.AcctSvcrRef) || str(entry.NtryRef);
    const details = ((entry.NtryDtls as Node[] | undefined) ?? []).flatMap(
      (d) => (d.TxDtls as Node[] | undefined) ?? [],
    );
    const amounts = details.map((d, k) => {
      const a = path(d, 'Amt') ?? path(d, 'AmtDtls', 'TxAmt', 'Amt');
      return a === undefined
        ? null
        : signed(
            amountOf(a, `${where}, pozycja ${k + 1}`),
            str(d.CdtDbtInd) || str(entry.CdtDbtInd),
            str(entry.RvslInd) === 'true',
          );
    });
    const batched =
      details.length > 1 &&
      amounts.every((a) => a !== null) &&
      amounts.reduce((t: number, a) => t + (a as number), 0) === entryGrosze;
    if (batched) {
      details.forEach((d, k) => {
        const own = str(path(d, 'Refs', 'AcctSvcrRef')) || str(path(d, 'Refs', 'TxId'));
        const reference = own || (entryRef ? `${entryRef}/${k + 1}` : '');
        transactions.push(
          fromDetails(d, { bookingDate, amountGrosze: amounts[k] as number, currency: entryCurrency, reference }),
        );
      });
    } else {
      const d = details[0] ?? {};
      const own = details.length === 1 ? str(path(d, 'Refs', 'AcctSvcrRef')) : '';
      const titles = details.map((x) => remittance(x)).filter(Boolean);
      const tx = fromDetails(d, {
        bookingDate,
        amountGrosze: entryGrosze,
        currency: entryCurrency,
        reference: entryRef || own,
      });
      if (titles.length > 1) tx.title = cleanText(titles.join(' '), 500);
      if (!tx.title) tx.title = cleanText(str(entry.AddtlNtryInf), 500);
      transactions.push(tx);
    }
  });
  const opening = balances.find((b) => b.code === 'OPBD' || b.code === 'PRCD');
  const closing = balances.find((b) => b.code === 'CLBD');
  if (opening && closing && opening.grosze + bookedSum !== closing.grosze) {
    throw new StatementError(
      'balance-mismatch',
      `Wyciąg ${id} się nie bilansuje: saldo otwarcia i operacje nie dają salda zamknięcia — plik jest niekompletny lub uszkodzony.`,
    );
  }
  return { id, account, currency, transactions, pendingEntries };
}

function fromDetails(
  d: Node,
  base: { bookingDate: string; amountGrosze: number; currency: string; reference: string },
): BankTransaction {
  const credit = base.amountGrosze >= 0;
  // The other party: the debtor of an incoming transfer, the creditor of an outgoing one.
  const party = credit ? 'Dbtr' : 'Cdtr';
  const related = path(d, 'RltdPties') as Node | undefined;
  const payerName = cleanText(str(path(related, party, 'Nm')) || str(path(related, party, 'Pty', 'Nm')), 200);
  const payerAccount = normalizeAccount(
    str(path(related, `${party}Acct`, 'Id', 'IBAN')) || str(path(related, `${party}Acct`, 'Id', 'Othr', 'Id')),
  );
  return {
    bookingDate: base.bookingDate,
    amountGrosze: base.amountGrosze,
    currency: base.currency,
    title: remittance(d),
    ...(payerName ? { payerName } : {}),
    ...(payerAccount ? { payerAccount } : {}),
    ...(base.reference ? { reference: cleanText(base.reference, 100) } : {}),
  };
}

/** Unstructured remittance lines joined (they are cut at 140 characters), else the structured reference. */
function remittance(d: Node): string {
  const info = d.RmtInf as Node | undefined;
  const lines = ((info?.Ustrd as unknown[] | undefined) ?? []).map(str);
  if (lines.length) return cleanText(lines.join(''), 500);
  const structured = ((info?.Strd as Node[] | undefined) ?? [])
    .map((s) => str(path(s, 'CdtrRefInf', 'Ref')))
    .filter(Boolean);
  return cleanText(structured.join(' '), 500);
}

function amountOf(node: unknown, where: string): number {
  const text = str(node);
  const grosze = requireAmount(text, where, { decimal: '.' });
  if (grosze < 0) throw new StatementError('bad-amount', `Kwota w camt.053 nie może mieć znaku (${where}).`);
  return grosze;
}

function signed(grosze: number, indicator: string, reversal = false): number {
  const credit = indicator === 'CRDT';
  if (!credit && indicator !== 'DBIT')
    throw new StatementError(
      'malformed',
      'Wyciąg camt.053 jest uszkodzony: brak znacznika uznania/obciążenia (CdtDbtInd).',
    );
  // A reversal entry carries the original's indicator but moves money the other way.
  return credit !== reversal ? grosze : -grosze;
}

function dateOf(node: unknown): string {
  const n = node as Node | undefined;
  const raw = str(n?.Dt) || str(n?.DtTm);
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(raw);
  return m ? m[1] : '';
}

function path(node: unknown, ...keys: string[]): unknown {
  let cur = node;
  for (const k of keys) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Node)[k];
  }
  return cur;
}

/** Text content of an element, whether the parser gave a string or an object with attributes. */
function str(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (typeof node === 'object' && '#text' in (node as Node)) return str((node as Node)['#text']);
  return '';
}

function attr(node: unknown, name: string): string {
  return node && typeof node === 'object' ? str((node as Node)[`@${name}`]) : '';
}
