/**
 * SWIFT MT940 statements as Polish banks export them. Written by hand: the npm parsers (mt940js,
 * mt940-js) turn amounts into floating-point numbers and know only the German `?NN` / `/TAG/`
 * layouts of field 86, while Polish banks put the title, payer and account into `~NN` sub-fields
 * (some use `^`, `<`, `>` or `?` as the separator). Parsing here is exact (grosze from the digits), checks
 * every statement's opening balance + transactions = closing balance (which also catches a file cut
 * off in the middle), and reads these `:86:` sub-fields:
 *   ~00 operation description · ~20–~26 title · ~27–~29 or ~32–~33 payer name · ~30 bank sort code +
 *   ~31 account number, or ~38 IBAN · ~60–~63 further title / address.
 */
import { requireAmount } from './amount.js';
import { cleanText, isoDateFromYymmdd, normalizeAccount } from './text.js';
import { StatementError, type BankTransaction } from './types.js';

interface Mt940Statement {
  reference: string;
  account: string;
  number: string;
  currency: string;
  openingGrosze: number;
  closingGrosze: number;
  transactions: BankTransaction[];
}

interface Tag {
  tag: string;
  value: string;
  line: number;
}

/** Quick test used to recognise the format: the statement tags every MT940 file has. */
export function looksLikeMt940(text: string): boolean {
  return /(^|\n)\s*:20:/.test(text) && /(^|\n)\s*:25:/.test(text) && /(^|\n)\s*:6[02][FM]:/.test(text);
}

export function parseMt940(text: string): Mt940Statement[] {
  const tags = readTags(text);
  const statements: Mt940Statement[] = [];
  let current: (Omit<Mt940Statement, 'closingGrosze'> & { closingGrosze?: number }) | null = null;
  let pending: { tx: BankTransaction; line: number } | null = null;

  const finishTransaction = () => {
    if (pending && current) current.transactions.push(pending.tx);
    pending = null;
  };
  const finishStatement = (line: number) => {
    finishTransaction();
    if (!current) return;
    if (current.closingGrosze === undefined) throw truncated(line);
    checkBalance(current as Mt940Statement);
    statements.push(current as Mt940Statement);
    current = null;
  };

  for (const t of tags) {
    switch (t.tag) {
      case '20':
        if (current) finishStatement(t.line);
        current = {
          reference: cleanText(t.value, 35),
          account: '',
          number: '',
          currency: '',
          openingGrosze: 0,
          transactions: [],
        };
        break;
      case '25':
        requireStatement(current, t).account =
          normalizeAccount(t.value.replace(/^\/?/, '').split('/').pop()) ?? cleanText(t.value, 40);
        break;
      case '28':
      case '28C':
        requireStatement(current, t).number = cleanText(t.value, 20);
        break;
      case '60F':
      case '60M': {
        const s = requireStatement(current, t);
        const b = readBalance(t);
        s.currency = b.currency;
        s.openingGrosze = b.grosze;
        break;
      }
      case '61': {
        const s = requireStatement(current, t);
        finishTransaction();
        pending = { tx: readStatementLine(t, s.currency), line: t.line };
        break;
      }
      case '86': {
        const s = requireStatement(current, t);
        const p = pending as { tx: BankTransaction; line: number } | null;
        // A :86: after the closing balance is statement-level information; only the one right after
        // a :61: describes a transaction.
        if (p && s.closingGrosze === undefined) Object.assign(p.tx, readDetails(t.value));
        break;
      }
      case '62F':
      case '62M': {
        const s = requireStatement(current, t);
        finishTransaction();
        s.closingGrosze = readBalance(t).grosze;
        break;
      }
      default:
        // :21:, :64:, :65:, :NS: … carry nothing we need.
        break;
    }
  }
  if (current) finishStatement(tags.at(-1)?.line ?? 0);
  if (statements.length === 0)
    throw new StatementError('malformed', 'Plik MT940 nie zawiera żadnego wyciągu (brak pola :20:).');
  return statements;
}

function truncated(line: number): StatementError {
  return new StatementError(
    'truncated',
    `Plik MT940 jest niekompletny: wyciąg nie ma salda końcowego (:62F:) — plik mógł zostać ucięty (wiersz ${line}).`,
  );
}

function requireStatement<T>(current: T | null, t: Tag): T {
  if (!current)
    throw new StatementError(
      'malformed',
      `Plik MT940 jest uszkodzony: pole :${t.tag}: przed początkiem wyciągu (wiersz ${t.line}).`,
    );
  return current;
}

/** Tags whose value is one line: anything below them up to the next tag is envelope or bank header text. */
const SINGLE_LINE_TAGS = new Set(['20', '25', '28', '28C', '60F', '60M', '62F', '62M', '64', '65']);

/**
 * Splits the text into tags. A tag starts a line with `:NN[A-Z]:`; other lines continue the previous
 * tag. SWIFT envelopes (`{1:…}{2:…}{3:…}{4:` … `-}{5:…}`), the message separator `-`, and the bank's
 * header lines some exports repeat before each message (`ABNANL2A` / `940` / `ABNANL2A`) are dropped:
 * they follow a single-line tag or precede the first one.
 */
function readTags(text: string): Tag[] {
  const lines = text.split(/\r\n|\r|\n/);
  const tags: Tag[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    const envelope = /^\{1:[^}]*\}(\{2:[^}]*\})?(\{3:(\{[^}]*\})*\})?\{4:\s*$/.exec(line);
    if (envelope || /^\{4:\s*$/.test(line)) continue;
    if (/^-\}?\s*(\{5:.*)?$/.test(line) || /^\{5:/.test(line)) continue;
    // The trailer may close the last tag's own line: ":62F:C200101EUR379,29-}{5:}".
    line = line.replace(/^\{4:/, '').replace(/-\}(\{5:.*)?\s*$/, '');
    const m = /^:(\d{2}[A-Z]?|NS):(.*)$/.exec(line);
    if (m) tags.push({ tag: m[1], value: m[2], line: i + 1 });
    else if (tags.length && line.trim() !== '' && !SINGLE_LINE_TAGS.has(tags[tags.length - 1].tag))
      tags[tags.length - 1].value += `\n${line}`;
  }
  return tags;
}

function readBalance(t: Tag): { currency: string; grosze: number } {
  const m = /^\s*([CD])(\d{6})([A-Z]{3})([0-9]+,[0-9]{0,2})\s*$/.exec(t.value);
  if (!m)
    throw new StatementError(
      'malformed',
      `Plik MT940 jest uszkodzony: nieprawidłowe saldo w polu :${t.tag}: (wiersz ${t.line}).`,
    );
  const grosze = requireAmount(m[4], `pole :${t.tag}:, wiersz ${t.line}`, { decimal: ',' });
  return { currency: m[3], grosze: m[1] === 'D' ? -grosze : grosze };
}

/**
 * :61: value date YYMMDD, optional entry date MMDD, mark C/D/RC/RD, optional funds code, amount with a
 * decimal comma, transaction type (N + 3), customer reference, `//` bank reference, then optional
 * supplementary details on the next line.
 */
function readStatementLine(t: Tag, currency: string): BankTransaction {
  const [first, ...rest] = t.value.split('\n');
  const m = /^(\d{6})(\d{4})?(R?[CD])([A-Z])?([0-9]+,[0-9]{0,2})([NSF][A-Z0-9]{3})?([^/]*)(?:\/\/(.*))?$/.exec(
    first.trim(),
  );
  if (!m)
    throw new StatementError(
      'malformed',
      `Plik MT940 jest uszkodzony: nieprawidłowy opis operacji w polu :61: (wiersz ${t.line}).`,
    );
  const valueDate = isoDateFromYymmdd(m[1]);
  if (!valueDate)
    throw new StatementError('bad-date', `Nieprawidłowa data operacji „${m[1]}” w polu :61: (wiersz ${t.line}).`);
  let bookingDate = valueDate;
  if (m[2]) {
    // The entry date has no year: it is the value date's year, or the next/previous one across New Year.
    const year = Number(valueDate.slice(0, 4));
    const entryMonth = Number(m[2].slice(0, 2));
    const valueMonth = Number(valueDate.slice(5, 7));
    const entryYear =
      entryMonth === 1 && valueMonth === 12 ? year + 1 : entryMonth === 12 && valueMonth === 1 ? year - 1 : year;
    bookingDate = isoDateFromYymmdd(`${String(entryYear).slice(2)}${m[2]}`) ?? valueDate;
  }
  const amount = requireAmount(m[5], `pole :61:, wiersz ${t.line}`, { decimal: ',' });
  // A reversal of a credit (RC) takes money out, of a debit (RD) puts it back.
  const credit = m[3] === 'C' || m[3] === 'RD';
  const customerRef = cleanText(m[7], 16);
  const bankRef = cleanText(m[8], 40);
  const reference = bankRef || (customerRef && !/^NONREF$/i.test(customerRef) ? customerRef : '');
  return {
    bookingDate,
    amountGrosze: credit ? amount : -amount,
    currency,
    title: cleanText(rest.join(' '), 500),
    ...(reference ? { reference } : {}),
  };
}

/**
 * Joins sub-field contents: directly after one cut at the full `width` (mid-word), with a space after a
 * shorter one (it ended where the writer ended it). Title sub-fields are 27 characters wide, MultiCash
 * name lines (~27–~29) 35.
 */
function joinSubfields(parts: readonly (string | undefined)[], width: number): string {
  let out = '';
  let previous = '';
  for (const part of parts) {
    if (!part) continue;
    const glue = out && previous.length < width && /\S$/.test(out) && /^\S/.test(part) ? ' ' : '';
    out += glue + part;
    previous = part;
  }
  return out;
}

/** An account number in a sub-field: NRB (26 digits) or an IBAN, spaces allowed. */
const ACCOUNT = /^\s*([A-Z]{2})?\d[\d ]{15,32}\s*$/;

/**
 * Field 86: Polish `~NN` sub-fields when present; mBank's free text with `Z RACH.:`, `OD:`, `TYT.:`
 * labels; otherwise free text (the whole field is the title).
 */
export function readDetails(raw: string): Pick<BankTransaction, 'title' | 'payerName' | 'payerAccount'> {
  // Sub-field content is cut into lines at a fixed width, so lines join without a space.
  const joined = raw.split('\n').join('');
  const structured = /^\s*(\d{3})?([~^<>?])(\d{2})/.exec(joined);
  if (!structured) return readLabelledText(raw.split('\n').join(' '));
  const sep = structured[2];
  // Sub-field code → content; a code may repeat (continued content), so contents are appended.
  const fields: string[] = [];
  const parts = joined.slice(joined.indexOf(sep) + 1).split(sep);
  let last = -1;
  for (const part of parts) {
    if (/^\d\d/.test(part)) {
      last = Number(part.slice(0, 2));
      fields[last] = (fields[last] ?? '') + part.slice(2);
    } else if (last >= 0) fields[last] += sep + part; // the separator character inside a title ("Czy to ZAM?")
  }
  // PKO BP writes every sub-field of its layout and fills the empty ones with byte 0xFF: „˙” in
  // ISO-8859-2 and Windows-1250, a no-break space in CP852. Such a sub-field is empty.
  fields.forEach((content, code) => {
    if (content !== undefined && /^[\s\u00a0\u02d9]*$/.test(content)) delete fields[code];
  });
  const range = (from: number, to: number, width = 27) => {
    const out: (string | undefined)[] = [];
    for (let c = from; c <= to; c++) out.push(fields[c]);
    return joinSubfields(out, width);
  };
  // ING puts the payer's account into ~29 (its name is in ~32–~33): an account is no name.
  const nameField = (c: number) => (fields[c] !== undefined && ACCOUNT.test(fields[c]) ? undefined : fields[c]);
  // ~26 is the payer's account in MultiCash exports (BPH, Pekao) and more title elsewhere.
  const account26 = fields[26] !== undefined && ACCOUNT.test(fields[26]) ? fields[26] : undefined;
  // ~60–~63 continue the title at some banks and hold the payer's address at others; both are
  // worth searching for an order number, so they follow the title.
  const titleParts = range(20, account26 === undefined ? 26 : 25) || fields[0];
  const title = cleanText([titleParts, range(60, 63)].filter(Boolean).join(' '), 500);
  const payerName = cleanText(joinSubfields([nameField(27), nameField(28), nameField(29)], 35) || range(32, 33), 200);
  const account29 = fields[29] !== undefined && ACCOUNT.test(fields[29]) ? fields[29] : undefined;
  const payerAccount =
    normalizeAccount(fields[38]) ??
    normalizeAccount(`${fields[30] ?? ''}${fields[31] ?? ''}`) ??
    normalizeAccount(account26) ??
    normalizeAccount(account29);
  return { title, ...(payerName ? { payerName } : {}), ...(payerAccount ? { payerAccount } : {}) };
}

/**
 * mBank's free-text field 86: "911 TRANSAKCJA …; Z RACH.: 351090…; OD: FIRMA 1 SP. Z O.O. ; TYT.: …; TNR: …".
 * The other party is `OD:`/`Z RACH.:` on a credit and `DLA:`/`NA RACH.:` on a debit.
 */
function readLabelledText(text: string): Pick<BankTransaction, 'title' | 'payerName' | 'payerAccount'> {
  const labels = /(?:^|;)\s*(Z RACH\.|NA RACH\.|OD|DLA|TYT\.|TNR):\s*/g;
  const found = [...text.matchAll(labels)];
  const value = (...names: string[]) => {
    const i = found.findIndex((m) => names.includes(m[1]));
    if (i < 0) return '';
    const start = (found[i].index ?? 0) + found[i][0].length;
    const end = i + 1 < found.length ? (found[i + 1].index ?? text.length) : text.length;
    return text.slice(start, end).replace(/;\s*$/, '').trim();
  };
  const title = value('TYT.');
  if (!title && !value('OD', 'DLA')) return { title: cleanText(text, 500) };
  const payerName = cleanText(value('OD', 'DLA'), 200);
  const payerAccount = normalizeAccount(value('Z RACH.', 'NA RACH.'));
  return {
    title: cleanText(title || text, 500),
    ...(payerName ? { payerName } : {}),
    ...(payerAccount ? { payerAccount } : {}),
  };
}

function checkBalance(s: Mt940Statement): void {
  const sum = s.transactions.reduce((total, t) => total + t.amountGrosze, 0);
  if (s.openingGrosze + sum !== s.closingGrosze) {
    throw new StatementError(
      'balance-mismatch',
      `Wyciąg ${s.number || s.reference} się nie bilansuje: saldo początkowe i operacje nie dają salda końcowego — plik jest niekompletny lub uszkodzony.`,
    );
  }
}
