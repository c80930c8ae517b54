import type { ReactNode } from 'react';
import type { Invoice } from '@domain/schemas';
import { invoiceLineRows, invoicePaymentRows, isoToPolishDate } from '@domain/pdf/format';
import { formatMoney } from '../../shared/format/pl';
import { AccountingDocument, type DocumentColumn } from '../documents';

const LINE_COLUMNS: DocumentColumn[] = [
  { title: 'Lp.', num: true },
  { title: 'Nazwa towaru lub usługi' },
  { title: 'J.m.' },
  { title: 'Ilość', num: true },
  { title: 'Cena jedn. netto', num: true },
  { title: 'Wartość netto', num: true },
  { title: 'Stawka VAT', num: true },
  { title: 'Kwota VAT', num: true },
  { title: 'Wartość brutto', num: true },
];

/**
 * A Polish VAT invoice on an A4 sheet, for the screen and for printing; the same sections and cells
 * as its PDF. `children` go at the foot of the sheet (the KSeF number and KOD I once the invoice is in KSeF).
 */
export function InvoiceDocument({ invoice, children }: { invoice: Invoice; children?: ReactNode }) {
  const { seller, totals } = invoice;
  return (
    <AccountingDocument
      label={`Faktura VAT ${invoice.number}`}
      testId="invoice-document"
      title="Faktura VAT"
      number={invoice.number}
      numberTestId="invoice-number"
      meta={[
        { label: 'Data wystawienia:', value: isoToPolishDate(invoice.issueDate), testId: 'invoice-issue-date' },
        { label: 'Data sprzedaży:', value: isoToPolishDate(invoice.saleDate), testId: 'invoice-sale-date' },
        { label: 'Miejsce wystawienia:', value: invoice.issuePlace },
      ]}
      seller={seller}
      buyer={invoice.buyer}
      lines={{
        caption: 'Pozycje faktury',
        testId: 'invoice-lines',
        columns: LINE_COLUMNS,
        rows: invoiceLineRows(invoice),
      }}
      rates={{
        caption: 'Podsumowanie według stawek VAT',
        testId: 'invoice-rates',
        totalTestId: 'invoice-totals',
        columns: ['Stawka VAT', 'Wartość netto', 'Kwota VAT', 'Wartość brutto'],
      }}
      amounts={{ perRate: totals.perRate, totals, words: invoice.amountInWords }}
      due={{
        label: 'Razem do zapłaty',
        amount: formatMoney(totals.gross),
        amountTestId: 'invoice-total',
        wordsTestId: 'invoice-words',
      }}
      payment={invoicePaymentRows(invoice)}
      note={`${invoice.vatMethod}. Faktura wystawiona elektronicznie, nie wymaga podpisu.`}
    >
      {children}
    </AccountingDocument>
  );
}
