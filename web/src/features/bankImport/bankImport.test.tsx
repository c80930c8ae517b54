import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { matchStatement, type OrderForMatching } from '@domain/bank/matching';
import { readStatementFile } from '@domain/bank/statement';
import type { BankBookingResult } from '@domain/bank/schemas';
import { renderWithTheme } from '../../test/render';
import { assignableOrders, bookingItem, bookingSummary, chunks, ordersForMatching, toBook } from './model';
import { StatementPreview } from './StatementPreview';

// In the browser-like test environment import.meta.url is the dev server's /@fs/ address of this file.
const FIXTURES = new URL('../../../../functions/src/domain/bank/fixtures/', import.meta.url).pathname.replace(
  /^\/@fs/,
  '',
);
const fixture = (name: string) => {
  const r = readStatementFile(new Uint8Array(readFileSync(`${FIXTURES.replace(/\/?$/, '/')}${name}`)));
  if (!r.ok) throw new Error('mapping needed');
  return r.statement.transactions;
};
const order = (seq: number, gross: number, status: OrderForMatching['status'] = 'pending'): OrderForMatching => ({
  id: `o${seq}`,
  number: `ZAM/2026/${String(seq).padStart(6, '0')}`,
  gross,
  status,
  label: `Osoba ${seq}`,
});
const ORDERS = [
  order(101, 14900),
  order(102, 29800),
  order(103, 8900),
  order(104, 5900),
  order(105, 14900),
  order(106, 8900),
  order(107, 14900, 'paid'),
  order(108, 5900, 'cancelled'),
];
const TRANSACTIONS = [...fixture('pekao-2026-07.sta'), ...fixture('swift-envelope-2026-07-03.mt940')];

describe('StatementPreview', () => {
  it('shows every category in Polish with its count, and filters by category', () => {
    const match = matchStatement({ transactions: TRANSACTIONS, orders: ORDERS });
    renderWithTheme(
      <StatementPreview
        match={match}
        pendingOrders={ORDERS.filter((o) => o.status === 'pending')}
        onDecide={() => {}}
      />,
    );
    const chips = screen.getByRole('group', { name: 'Kategorie przelewów' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Wszystkie: 8',
      'Zgodna kwota: 2',
      'Kilka zamówień: 1',
      'Nadpłata: 1',
      'Niedopłata: 1',
      'Już opłacone: 1',
      'Zamówienie anulowane: 1',
      'Nie znaleziono zamówienia: 1',
    ]);
    expect(screen.getAllByTestId('bank-row')).toHaveLength(8);
    fireEvent.click(screen.getByTestId('category-underpaid'));
    const rows = screen.getAllByTestId('bank-row');
    expect(rows).toHaveLength(1);
    expect(rows[0].textContent).toContain('ZAM/2026/000105');
    expect(rows[0].textContent).toContain('Wpłynęło 100,00\u00a0zł, należność 149,00\u00a0zł — brakuje 49,00\u00a0zł.');
    expect(screen.getByText(/nie zostanie zaksięgowane, chyba że przypiszesz przelew ręcznie/)).toBeTruthy();
  });

  it('lets the admin book an underpayment anyway or mark a transfer „nie dotyczy”', () => {
    const match = matchStatement({ transactions: TRANSACTIONS, orders: ORDERS });
    const onDecide = vi.fn();
    renderWithTheme(<StatementPreview match={match} pendingOrders={[]} onDecide={onDecide} />);
    const underpaid = screen.getAllByTestId('bank-row').find((r) => r.dataset.category === 'underpaid')!;
    const select = within(underpaid).getByTestId('bank-decision') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Pozostaw bez zmian',
      'Zaksięguj mimo niedopłaty',
      'Przypisz do zamówienia…',
      'Do zwrotu',
      'Nie dotyczy',
    ]);
    fireEvent.change(select, { target: { value: 'book-anyway' } });
    expect(onDecide).toHaveBeenLastCalledWith(match.items.find((i) => i.category === 'underpaid')!.key, {
      kind: 'book',
      orderIds: ['o105'],
      manual: true,
    });
    const donation = screen.getAllByTestId('bank-row').find((r) => r.dataset.category === 'no-order')!;
    fireEvent.change(within(donation).getByTestId('bank-decision'), { target: { value: 'ignore' } });
    expect(onDecide).toHaveBeenLastCalledWith(match.items.find((i) => i.category === 'no-order')!.key, {
      kind: 'ignore',
    });
  });
});

describe('booking helpers', () => {
  it('sends booked, refunded and ignored transfers with their occurrence, never „pozostaw” or an unfinished assignment', () => {
    const first = matchStatement({ transactions: TRANSACTIONS, orders: ORDERS });
    const donation = first.items.find((i) => i.category === 'no-order')!;
    const cancelled = first.items.find((i) => i.category === 'cancelled')!;
    const match = matchStatement({
      transactions: TRANSACTIONS,
      orders: ORDERS,
      decisions: { [donation.key]: { kind: 'ignore' }, [cancelled.key]: { kind: 'book', orderIds: [], manual: true } },
    });
    const sent = toBook(match);
    expect(sent.map((i) => i.category)).toEqual(['exact', 'exact', 'multiple', 'no-order', 'overpaid', 'already-paid']);
    expect(bookingItem(sent[0])).toEqual({
      transaction: {
        bookingDate: '2026-07-01',
        amountGrosze: 14900,
        currency: 'PLN',
        title: sent[0].tx.title,
        payerName: 'JAN KOWALSKI',
        payerAccount: 'PL60102010260000123456789012',
        reference: '2607010012345',
        occurrence: 0,
      },
      action: { kind: 'book', orderIds: ['o101'] },
    });
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('offers pending orders and those that expired unpaid for manual assignment, not paid or cancelled ones', () => {
    const base = {
      uid: 'u',
      kind: 'tickets',
      lines: {},
      buyer: {
        email: 'a@b.pl',
        invoice: { kind: 'person', name: 'Jan Kowalski', street: 'x', postalCode: '00-001', city: 'y', country: 'PL' },
      },
      idempotencyKey: 'k',
      createdAt: 1,
    } as const;
    const totals = { net: 1, vat: 0, gross: 1, perRate: {} };
    const orders = ordersForMatching([
      { ...base, id: 'p', number: 'ZAM/2026/000001', status: 'pending', totals },
      { ...base, id: 'e', number: 'ZAM/2026/000002', status: 'cancelled', cancelReason: 'expired', totals },
      { ...base, id: 'c', number: 'ZAM/2026/000003', status: 'cancelled', totals },
      { ...base, id: 'd', number: 'ZAM/2026/000004', status: 'paid', totals },
    ] as never);
    expect(assignableOrders(orders).map((o) => [o.id, o.expired ?? false, o.label])).toEqual([
      ['p', false, 'Jan Kowalski'],
      ['e', true, 'Jan Kowalski'],
    ]);
  });

  it('sums up a run in Polish with plural forms', () => {
    const r = (outcome: BankBookingResult['outcome']): BankBookingResult => ({
      txKey: 't',
      outcome,
      orders: [],
      message: '',
    });
    expect(bookingSummary([r('booked'), r('booked'), r('refund'), r('failed'), r('already-settled')])).toBe(
      'Zaksięgowano 2 przelewy; do zwrotu: 1 przelew; rozliczone już wcześniej: 1 przelew; nie udało się: 1 przelew — uruchom księgowanie ponownie.',
    );
    expect(bookingSummary(Array.from({ length: 5 }, () => r('booked')))).toBe('Zaksięgowano 5 przelewów.');
    expect(bookingSummary([])).toBe('Nic nie zaksięgowano.');
  });
});

describe('CsvMappingForm', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  type Layout = Parameters<(typeof import('./CsvMappingForm'))['CsvMappingForm']>[0]['layout'];

  /** The mapping form as the import page shows it for `layout`; `onSubmit` records what it sends. */
  async function renderMappingForm(layout: Layout, onDelimiterChange: (delimiter: string) => void = () => {}) {
    const { CsvMappingForm } = await import('./CsvMappingForm');
    const onSubmit = vi.fn();
    const view = renderWithTheme(
      <CsvMappingForm
        layout={layout}
        busy={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
        onDelimiterChange={onDelimiterChange}
      />,
    );
    return { onSubmit, view };
  }

  it('asks for the missing columns in Polish, then saves the mapping under the bank name', async () => {
    // A layout no preset knows, with no amount column the header would reveal.
    const r = readStatementFile(
      bytes(
        'Dzień;Opis;Wartość;Kontrahent\n01.07.2026;ZAM/2026/000101;149,00;Jan Kowalski\n02.07.2026;ZAM/2026/000102;298,00;Anna Nowak\n',
      ),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const { onSubmit } = await renderMappingForm(r.needsCsvMapping);
    expect(screen.getByRole('table', { name: 'Pierwsze wiersze pliku' }).textContent).toContain('ZAM/2026/000102');
    fireEvent.click(screen.getByTestId('save-csv-mapping'));
    expect((await screen.findByRole('alert')).textContent).toBe('Podaj nazwę banku — pod nią zapamiętamy mapowanie.');
    fireEvent.change(screen.getByLabelText(/Nazwa banku/), { target: { value: 'Bank Spółdzielczy' } });
    fireEvent.click(screen.getByTestId('save-csv-mapping'));
    expect((await screen.findByRole('alert')).textContent).toBe('Wskaż kolumnę z kwotą.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts each message on its field, and refuses what the shared callable schema refuses (a control character in the bank name)', async () => {
    const inspection = readStatementFile(
      bytes('Data;Kwota;Tytuł;Nadawca\n2026-07-01;149,00;ZAM/2026/000101;Jan Kowalski\n'),
    );
    if (!inspection.ok || !inspection.statement.csv) throw new Error('the guessed layout did not read');
    const { onSubmit } = await renderMappingForm(inspection.statement.csv);
    fireEvent.click(screen.getByTestId('save-csv-mapping'));
    const bank = screen.getByLabelText(/Nazwa banku/);
    await waitFor(() => expect(bank.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (bank.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '');
    expect(describedBy.join(' ')).toContain('Podaj nazwę banku — pod nią zapamiętamy mapowanie.');
    fireEvent.change(bank, { target: { value: 'Bank\u202eX' } });
    fireEvent.click(screen.getByTestId('save-csv-mapping'));
    expect((await screen.findByRole('alert')).textContent).toBe('Nazwa zawiera niedozwolone znaki');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('splits the rows again with the separator the admin picks, and the mapping then uses it', async () => {
    // Titles full of commas in a semicolon file: the admin looks at the columns and may pick either.
    const file = bytes(
      '01.07.2026;149,00;ZAM/2026/000101, bilet, Jan Kowalski\n02.07.2026;298,00;ZAM/2026/000102, karnety, Anna Nowak\n',
    );
    const first = readStatementFile(file);
    if (first.ok) throw new Error('expected a mapping request');
    expect(first.needsCsvMapping.mapping.delimiter).toBe(';');
    const onDelimiterChange = vi.fn();
    const { view } = await renderMappingForm(first.needsCsvMapping, onDelimiterChange);
    expect(
      within(screen.getByRole('table', { name: 'Pierwsze wiersze pliku' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Wiersz', '1. Kolumna 1', '2. Kolumna 2', '3. Kolumna 3']);
    const separator = () =>
      screen
        .getAllByLabelText('Separator kolumn')
        .find((el): el is HTMLInputElement => el instanceof HTMLInputElement && el.type !== 'hidden')!;
    fireEvent.click(separator());
    fireEvent.click(await screen.findByRole('option', { name: 'przecinek ( , )' }));
    expect(onDelimiterChange).toHaveBeenCalledWith(',');
    // What the page does with that choice: the file split with „,”, shown in the form anew.
    const again = readStatementFile(file, { csvDelimiter: ',' });
    if (again.ok) throw new Error('expected a mapping request');
    expect(again.needsCsvMapping.mapping.delimiter).toBe(',');
    expect(again.needsCsvMapping.sample[0]).toEqual(['01.07.2026;149', '00;ZAM/2026/000101', 'bilet', 'Jan Kowalski']);
    view.unmount();
    await renderMappingForm(again.needsCsvMapping);
    expect(separator().value).toBe('przecinek ( , )');
    expect(
      within(screen.getByRole('table', { name: 'Pierwsze wiersze pliku' })).getAllByRole('columnheader'),
    ).toHaveLength(5);
    // Even a separator that leaves one column is shown, so the admin can see it is the wrong one.
    const single = readStatementFile(file, { csvDelimiter: '|' });
    expect(!single.ok && single.needsCsvMapping.headers).toEqual(['Kolumna 1']);
  });

  it('submits a guessed mapping the admin confirms, which then reads the file', async () => {
    const file = bytes('Data;Kwota;Tytuł;Nadawca\n2026-07-01;149,00;ZAM/2026/000101;Jan Kowalski\n');
    const inspection = readStatementFile(file);
    // Known header words: read at once with the guessed mapping, which the admin may still edit.
    expect(inspection.ok).toBe(true);
    if (!inspection.ok || !inspection.statement.csv) return;
    expect(inspection.statement.csv.source).toBe('guess');
    const { onSubmit } = await renderMappingForm(inspection.statement.csv);
    fireEvent.change(screen.getByLabelText(/Nazwa banku/), { target: { value: 'Mój bank' } });
    fireEvent.click(screen.getByTestId('save-csv-mapping'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [mapping, bank] = onSubmit.mock.calls[0];
    expect(bank).toBe('Mój bank');
    expect(mapping).toMatchObject({
      delimiter: ';',
      dataStart: 1,
      decimal: ',',
      dateFormat: 'YYYY-MM-DD',
      columns: { bookingDate: 0, amount: 1, title: [2], payerName: [3] },
    });
    const again = readStatementFile(file, { csvMapping: mapping });
    expect(again.ok && again.statement.transactions.map((t) => [t.amountGrosze, t.title, t.payerName])).toEqual([
      [14900, 'ZAM/2026/000101', 'Jan Kowalski'],
    ]);
  });
});
