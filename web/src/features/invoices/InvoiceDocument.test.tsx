import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { buildInvoice, orderTotals, type Invoice, type OrderLine } from '@domain/index';
import { renderWithTheme } from '../../test/render';
import { cellTexts } from '../../test/table';
import { merchLine, expectOnePagePdfWithFont, pdfFontsFromDisk, ticketLine } from '../../test/documents';
import { InvoiceDocument } from './InvoiceDocument';
import { buildInvoicePdf, pdfFileName } from '../documents/pdf/invoicePdf';
import { parseInvoiceKey } from './api';

/** An invoice exactly as confirmPayment writes it: built by the domain from the order's lines. */
function invoiceOf(lines: OrderLine[], paymentMethod?: Invoice['paymentMethod']): Invoice {
  return buildInvoice({
    paymentMethod,
    number: 'FV/2026/000123',
    orderId: 'o1',
    order: {
      uid: 'u1',
      number: 'ZAM/2026/000042',
      lines: Object.fromEntries(lines.map((line, i) => [`l${i + 1}`, line])),
      totals: orderTotals(lines),
      buyer: {
        email: 'biuro@zagle.example.pl',
        invoice: {
          kind: 'company',
          name: 'Żagle sp. z o.o.',
          nip: '1234563218',
          street: 'ul. Portowa 5',
          postalCode: '80-001',
          city: 'Gdańsk',
          country: 'PL',
        },
      },
    },
    seller: {
      name: 'Stowarzyszenie Żeglarskie „Bryza”',
      street: 'ul. Marynarki Polskiej 10',
      postalCode: '76-270',
      city: 'Ustka',
      nip: '8392017464',
      bankName: 'PKO Bank Polski S.A.',
      bankAccount: '22102047950000123456789012',
    },
    // 22 November 2026, 11:00 in Warsaw.
    issuedAt: Date.UTC(2026, 10, 22, 10),
    issuedBy: 'admin',
  });
}

describe('InvoiceDocument', () => {
  const mug = merchLine({
    name: 'Kubek „Latarnia”',
    unitGross: 3_900,
    productId: 'kubek',
    variantId: 'std',
    variantLabel: '330 ml',
  });
  const invoice = invoiceOf([
    ticketLine({ name: 'Bilet weekendowy', unitGross: 24_900, ticketTypeId: 'weekend', memberName: 'Marta Nowak' }),
    merchLine({ name: 'Koszulka „Bałtyk”', quantity: 3 }),
    mug,
  ]);

  it('shows number, dates, seller and buyer', () => {
    renderWithTheme(<InvoiceDocument invoice={invoice} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Faktura VAT');
    expect(screen.getByTestId('invoice-number').textContent).toBe('FV/2026/000123');
    expect(screen.getByTestId('invoice-issue-date').textContent).toBe('22.11.2026');
    expect(screen.getByTestId('invoice-sale-date').textContent).toBe('22.11.2026');
    const seller = screen.getByRole('region', { name: 'Sprzedawca' });
    expect(seller.textContent).toContain('Stowarzyszenie Żeglarskie „Bryza”');
    expect(seller.textContent).toContain('NIP: 839-201-74-64');
    const buyer = screen.getByRole('region', { name: 'Nabywca' });
    expect(buyer.textContent).toContain('Żagle sp. z o.o.');
    expect(buyer.textContent).toContain('NIP: 123-456-32-18');
    expect(screen.getByText(/22 1020 4795 0000 1234 5678 9012/)).toBeTruthy();
  });

  it('lists every line with net unit price, quantity, net, rate, VAT and gross', () => {
    renderWithTheme(<InvoiceDocument invoice={invoice} />);
    const rows = within(screen.getByTestId('invoice-lines')).getAllByRole('row').slice(1);
    expect(rows.map(cellTexts)).toEqual([
      // 249,00 gross at 8 %: VAT = round(24900 × 8 / 108) = 1844, net 23 056.
      ['1', 'Bilet weekendowy — Marta Nowak', 'szt.', '1', '230,56', '230,56', '8%', '18,44', '249,00'],
      // 3 × 69,00 = 207,00 at 23 %: VAT = round(20700 × 23 / 123) = 3871.
      ['2', 'Koszulka „Bałtyk” (M)', 'szt.', '3', '56,10', '168,29', '23%', '38,71', '207,00'],
      ['3', 'Kubek „Latarnia” (330 ml)', 'szt.', '1', '31,71', '31,71', '23%', '7,29', '39,00'],
    ]);
  });

  it('sums per rate from the gross per rate (highest rate first), then the total and the amount in words', () => {
    renderWithTheme(<InvoiceDocument invoice={invoice} />);
    const rows = within(screen.getByTestId('invoice-rates')).getAllByRole('row').slice(1);
    expect(rows.map(cellTexts)).toEqual([
      // 23 %: gross 246,00 → VAT round(24600 × 23 / 123) = 4600 (the lines' VATs add up to 46,00 as well here).
      ['23%', '200,00', '46,00', '246,00'],
      ['8%', '230,56', '18,44', '249,00'],
      ['Razem', '430,56', '64,44', '495,00'],
    ]);
    expect(screen.getByTestId('invoice-total').textContent).toBe('495,00\u00a0zł');
    expect(screen.getByTestId('invoice-words').textContent).toBe('czterysta dziewięćdziesiąt pięć złotych 00/100');
    expect(screen.getByTestId('invoice-paid').textContent).toBe('495,00\u00a0zł');
    expect(screen.getByText(/VAT obliczono od wartości brutto/)).toBeTruthy();
  });

  it('says „przelew” and the seller’s account for a transfer, the provider’s method and no account for an online payment', () => {
    renderWithTheme(<InvoiceDocument invoice={invoice} />);
    expect(screen.getByTestId('invoice-payment-method').textContent).toBe('przelew');
    const blik = invoiceOf([mug], 'BLIK');
    renderWithTheme(<InvoiceDocument invoice={blik} />);
    const [, online] = screen.getAllByTestId('invoice-payment-method');
    expect(online.textContent).toBe('BLIK (Przelewy24)');
    expect(screen.getAllByText(/22 1020 4795 0000 1234 5678 9012/)).toHaveLength(1);
  });

  it('builds a real PDF file with the Polish font embedded', () => {
    expectOnePagePdfWithFont(buildInvoicePdf(invoice, pdfFontsFromDisk()));
    expect(pdfFileName(invoice)).toBe('Faktura-FV-2026-000123.pdf');
  });

  it('splits the detail address into user id and invoice id', () => {
    expect(parseInvoiceKey('demoUczestnik-FV-2026-000123')).toEqual({
      uid: 'demoUczestnik',
      invoiceId: 'FV-2026-000123',
    });
    expect(parseInvoiceKey('-FV-2026-000123')).toBeNull();
    expect(parseInvoiceKey('abc')).toBeNull();
    expect(parseInvoiceKey('a/b-FV')).toBeNull();
  });
});
