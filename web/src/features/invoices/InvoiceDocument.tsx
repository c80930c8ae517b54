import type { ReactNode } from 'react';
import type { Invoice, InvoiceData, Seller } from '@domain/schemas';
import { formatNip } from '@domain/identifiers';
import { formatBankAccount } from '../../shared/ui/TransferInstructions';
import { formatMoney } from '../../shared/format/pl';
import classes from './invoice.module.css';

/** Amount without the currency, for table cells (`1 234,50`). */
export const amount = (grosze: number) => formatMoney(grosze, { currency: false });

/** `2026-11-22` → `22.11.2026` (the date is already a Warsaw calendar date: no time zone maths). */
export function isoToPolishDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

export { formatNip } from '@domain/identifiers';

export function sortedLines(invoice: Invoice) {
  return Object.entries(invoice.lines ?? {})
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([id, line]) => ({ id, ...line }));
}

export function sortedRates(invoice: Invoice) {
  return Object.values(invoice.totals.perRate ?? {}).sort((a, b) => b.vatRate - a.vatRate);
}

function SellerBlock({ seller }: { seller: Seller }) {
  return (
    <section className={classes.party} aria-labelledby="invoice-seller">
      <h2 id="invoice-seller">Sprzedawca</h2>
      <p className={classes.partyName}>{seller.name}</p>
      <p>{seller.street}</p>
      <p>
        {seller.postalCode} {seller.city}
      </p>
      <p>NIP: {formatNip(seller.nip)}</p>
    </section>
  );
}

function BuyerBlock({ buyer }: { buyer: InvoiceData }) {
  return (
    <section className={classes.party} aria-labelledby="invoice-buyer">
      <h2 id="invoice-buyer">Nabywca</h2>
      <p className={classes.partyName}>{buyer.name}</p>
      <p>{buyer.street}</p>
      <p>
        {buyer.postalCode} {buyer.city}
        {buyer.country !== 'PL' ? `, ${buyer.country}` : ''}
      </p>
      {buyer.kind === 'company' && <p>NIP: {formatNip(buyer.nip)}</p>}
    </section>
  );
}

/**
 * A Polish VAT invoice on an A4 sheet, for the screen and for printing (see invoice.module.css).
 * `children` go at the foot of the sheet (the KSeF number and KOD I once the invoice is in KSeF).
 */
export function InvoiceDocument({ invoice, children }: { invoice: Invoice; children?: ReactNode }) {
  const lines = sortedLines(invoice);
  const rates = sortedRates(invoice);
  return (
    <article className={classes.sheet} data-invoice-sheet aria-label={`Faktura VAT ${invoice.number}`} data-testid="invoice-document">
      <header className={classes.header}>
        <div>
          <h1 className={classes.title}>Faktura VAT</h1>
          <div className={classes.number}>
            nr <span data-testid="invoice-number">{invoice.number}</span>
          </div>
        </div>
        <dl className={classes.meta}>
          <dt>Data wystawienia:</dt>
          <dd data-testid="invoice-issue-date">{isoToPolishDate(invoice.issueDate)}</dd>
          <dt>Data sprzedaży:</dt>
          <dd data-testid="invoice-sale-date">{isoToPolishDate(invoice.saleDate)}</dd>
          <dt>Miejsce wystawienia:</dt>
          <dd>{invoice.issuePlace}</dd>
        </dl>
      </header>

      <div className={classes.parties}>
        <SellerBlock seller={invoice.seller} />
        <BuyerBlock buyer={invoice.buyer} />
      </div>

      <div className={classes.tableWrap}>
        <table className={`${classes.table} ${classes.lines}`} data-testid="invoice-lines">
          <caption>Pozycje faktury</caption>
          <thead>
            <tr>
              <th scope="col">Lp.</th>
              <th scope="col">Nazwa towaru lub usługi</th>
              <th scope="col">J.m.</th>
              <th scope="col">Ilość</th>
              <th scope="col">Cena jedn. netto</th>
              <th scope="col">Wartość netto</th>
              <th scope="col">Stawka VAT</th>
              <th scope="col">Kwota VAT</th>
              <th scope="col">Wartość brutto</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => (
              <tr key={line.id}>
                <td className={classes.num} data-label="Lp.">{i + 1}</td>
                <td data-label="Nazwa">{line.name}</td>
                <td data-label="J.m.">{line.unit}</td>
                <td className={classes.num} data-label="Ilość">{line.quantity}</td>
                <td className={classes.num} data-label="Cena jedn. netto">{amount(line.unitNet)}</td>
                <td className={classes.num} data-label="Wartość netto">{amount(line.net)}</td>
                <td className={classes.num} data-label="Stawka VAT">{line.vatRate}%</td>
                <td className={classes.num} data-label="Kwota VAT">{amount(line.vat)}</td>
                <td className={classes.num} data-label="Wartość brutto">{amount(line.gross)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className={classes.summary}>
        <div className={classes.tableWrap}>
          <table className={classes.table} data-testid="invoice-rates">
            <caption>Podsumowanie według stawek VAT</caption>
            <thead>
              <tr>
                <th scope="col">Stawka VAT</th>
                <th scope="col">Wartość netto</th>
                <th scope="col">Kwota VAT</th>
                <th scope="col">Wartość brutto</th>
              </tr>
            </thead>
            <tbody>
              {rates.map((r) => (
                <tr key={r.vatRate}>
                  <td className={classes.num}>{r.vatRate}%</td>
                  <td className={classes.num}>{amount(r.net)}</td>
                  <td className={classes.num}>{amount(r.vat)}</td>
                  <td className={classes.num}>{amount(r.gross)}</td>
                </tr>
              ))}
              <tr className={classes.totalRow} data-testid="invoice-totals">
                <td>Razem</td>
                <td className={classes.num}>{amount(invoice.totals.net)}</td>
                <td className={classes.num}>{amount(invoice.totals.vat)}</td>
                <td className={classes.num}>{amount(invoice.totals.gross)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <div>
          <p className={classes.due}>
            Razem do zapłaty: <span data-testid="invoice-total">{formatMoney(invoice.totals.gross)}</span>
          </p>
          <p className={classes.words}>
            Słownie: <span data-testid="invoice-words">{invoice.amountInWords}</span>
          </p>
        </div>
      </div>

      <dl className={classes.payment}>
        <dt>Sposób płatności:</dt>
        <dd>{invoice.paymentMethod}</dd>
        <dt>Zapłacono:</dt>
        <dd data-testid="invoice-paid">{formatMoney(invoice.paid)}</dd>
        <dt>Pozostało do zapłaty:</dt>
        <dd>{formatMoney(Math.max(0, invoice.totals.gross - invoice.paid))}</dd>
        <dt>Numer konta:</dt>
        <dd>
          {formatBankAccount(invoice.seller.bankAccount)} ({invoice.seller.bankName})
        </dd>
        <dt>Dotyczy zamówienia:</dt>
        <dd>{invoice.orderNumber}</dd>
      </dl>

      <p className={classes.note}>{invoice.vatMethod}. Faktura wystawiona elektronicznie, nie wymaga podpisu.</p>
      {children}
    </article>
  );
}
