import { useId, type ReactNode } from 'react';
import type { InvoiceData, Seller } from '@domain/schemas';
import { buyerLines, rateSummaryRows, sellerLines, type TableRow } from '@domain/pdf/format';
import classes from './documents.module.css';

/**
 * The parts an invoice and a correction invoice share on screen, the same sections as their PDFs
 * (functions/src/domain/pdf/sheet.ts) with the same cells (domain/pdf/format.ts): an A4 sheet for the
 * screen and for printing, its header, the parties, the tables and the labelled rows.
 */
interface DocumentField {
  label: string;
  value: ReactNode;
  testId?: string;
}

interface DocumentHeaderProps {
  title: string;
  number: string;
  numberTestId: string;
  /** The dates and references. */
  meta: DocumentField[];
}

/** Title and number on the left, the dates and references on the right. */
function DocumentHeader({ title, number, numberTestId, meta }: DocumentHeaderProps) {
  return (
    <header className={classes.header}>
      <div>
        <h1 className={classes.title}>{title}</h1>
        <div className={classes.number}>
          nr <span data-testid={numberTestId}>{number}</span>
        </div>
      </div>
      <FieldList className={classes.meta} fields={meta} />
    </header>
  );
}

/** `<dl>` of label and value pairs (header dates, payment or refund details). */
function FieldList({ className, fields }: { className: string; fields: DocumentField[] }) {
  return (
    <dl className={className}>
      {fields.map((f) => [
        <dt key={`${f.label}-label`}>{f.label}</dt>,
        <dd key={`${f.label}-value`} data-testid={f.testId}>
          {f.value}
        </dd>,
      ])}
    </dl>
  );
}

function Party({ title, lines }: { title: string; lines: string[] }) {
  const headingId = useId();
  const [name, ...rest] = lines;
  return (
    <section className={classes.party} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className={classes.partyName}>{name}</p>
      {rest.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </section>
  );
}

/** Seller and buyer side by side (stacked on a phone). */
function DocumentParties({ seller, buyer }: { seller: Seller; buyer: InvoiceData }) {
  return (
    <div className={classes.parties}>
      <Party title="Sprzedawca" lines={sellerLines(seller)} />
      <Party title="Nabywca" lines={buyerLines(buyer)} />
    </div>
  );
}

export interface DocumentColumn {
  title: string;
  /** Amounts and counts align right. */
  num?: boolean;
}

interface LinesProps {
  caption: string;
  testId: string;
  columns: DocumentColumn[];
  rows: TableRow[];
}

interface TableProps extends LinesProps {
  className: string;
  /** The last row is a total: bold, its label cell aligned left. */
  total?: { testId?: string };
}

/** A captioned table of the document; the lines table becomes one card per row on a phone, each cell carrying its column's title. */
function DocumentTable({ caption, testId, className, columns, rows, total }: TableProps) {
  return (
    <div className={classes.tableWrap}>
      <table className={className} data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.title} scope="col">
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => {
            const isTotal = total !== undefined && r === rows.length - 1;
            return (
              <tr
                key={row.id}
                className={isTotal ? classes.totalRow : undefined}
                data-testid={isTotal ? total.testId : undefined}
              >
                {row.cells.map((cell, i) => (
                  <td
                    key={columns[i].title}
                    className={columns[i].num && !(isTotal && i === 0) ? classes.num : undefined}
                    data-label={columns[i].title}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

type Amounts = { net: number; vat: number; gross: number };

interface RatesProps {
  caption: string;
  testId: string;
  totalTestId?: string;
  columns: string[];
}

interface DueProps {
  label: string;
  amount: string;
  amountTestId: string;
  wordsTestId?: string;
}

/** The amount due (or to be returned) in large type, with the amount in words. */
function AmountDue({
  label,
  amount,
  amountTestId,
  words,
  wordsTestId,
  children,
}: DueProps & { words: string; children?: ReactNode }) {
  return (
    <div>
      <p className={classes.due}>
        {label}: <span data-testid={amountTestId}>{amount}</span>
      </p>
      <p className={classes.words}>
        Słownie: <span data-testid={wordsTestId}>{words}</span>
      </p>
      {children}
    </div>
  );
}

/** An invoice or a correction invoice: what goes where on the sheet; the documents differ only in what they put there. */
interface AccountingDocumentProps extends DocumentHeaderProps {
  /** The sheet's accessible name, e.g. „Faktura VAT FV/2026/000123”. */
  label: string;
  testId: string;
  seller: Seller;
  buyer: InvoiceData;
  /** Between the parties and the lines (the correction's reason). */
  intro?: ReactNode;
  lines: LinesProps;
  rates: RatesProps;
  amounts: { perRate: Record<string, Amounts & { vatRate: number }>; totals: Amounts; words: string };
  due: DueProps;
  /** Under the amount in words (the correction's fee). */
  dueNote?: ReactNode;
  payment: DocumentField[];
  note: string;
  /** At the foot of the sheet (the KSeF number and KOD I once the document is in KSeF). */
  children?: ReactNode;
}

/** A Polish VAT document on an A4 sheet, for the screen and for printing (see invoice.module.css). */
export function AccountingDocument(props: AccountingDocumentProps) {
  const { amounts, rates } = props;
  return (
    <article className={classes.sheet} data-invoice-sheet aria-label={props.label} data-testid={props.testId}>
      <DocumentHeader title={props.title} number={props.number} numberTestId={props.numberTestId} meta={props.meta} />
      <DocumentParties seller={props.seller} buyer={props.buyer} />
      {props.intro}
      <DocumentTable {...props.lines} className={`${classes.table} ${classes.lines}`} />
      <div className={classes.summary}>
        <DocumentTable
          caption={rates.caption}
          testId={rates.testId}
          className={classes.table}
          columns={rates.columns.map((title) => ({ title, num: true }))}
          rows={rateSummaryRows(amounts.perRate, amounts.totals).map((cells) => ({ id: cells[0], cells }))}
          total={{ testId: rates.totalTestId }}
        />
        <AmountDue {...props.due} words={amounts.words}>
          {props.dueNote}
        </AmountDue>
      </div>
      <FieldList className={classes.payment} fields={props.payment} />
      <p className={classes.note}>{props.note}</p>
      {props.children}
    </article>
  );
}
