import { useState } from 'react';
import { Button, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { CSV_DATE_FORMATS, type CsvColumns, type CsvDateFormat, type CsvMapping } from '@domain/bank/csv';
import type { CsvLayout } from '@domain/bank/statement';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';

export interface CsvMappingFormProps {
  layout: CsvLayout;
  busy: boolean;
  onSubmit: (mapping: CsvMapping, bank: string) => void;
  onCancel: () => void;
}

const NONE = '';

/** The file's first rows, numbered as a spreadsheet numbers them, one column per CSV column. */
function sampleColumns(layout: CsvLayout): DataColumn<{ index: number; cells: readonly string[] }>[] {
  return [
    { key: 'row', header: 'Wiersz', cell: (row) => layout.mapping.headerRow + row.index + 2 },
    ...layout.headers.map((h, i) => ({ key: String(i), header: `${i + 1}. ${h}`, cell: (row: { cells: readonly string[] }) => row.cells[i] ?? '' })),
  ];
}

/**
 * Column mapping for a bank CSV the app does not recognise (e.g. without a header). Saved per
 * layout fingerprint, so the next statement of the same bank opens straight in the preview.
 */
export function CsvMappingForm({ layout, busy, onSubmit, onCancel }: CsvMappingFormProps) {
  const start = layout.mapping;
  const columnOptions = layout.headers.map((h, i) => ({ value: String(i), label: `${i + 1}. ${h || '(bez nazwy)'}` }));
  const optional = [{ value: NONE, label: '— brak —' }, ...columnOptions];
  const pick = (i: number | undefined) => (i === undefined ? NONE : String(i));
  const [bank, setBank] = useState(layout.bank ?? '');
  const [firstRow, setFirstRow] = useState<number>(start.dataStart + 1);
  const [date, setDate] = useState(pick(start.columns.bookingDate));
  const [amountMode, setAmountMode] = useState<'single' | 'split'>(start.columns.credit !== undefined ? 'split' : 'single');
  const [amount, setAmount] = useState(pick(start.columns.amount));
  const [credit, setCredit] = useState(pick(start.columns.credit));
  const [debit, setDebit] = useState(pick(start.columns.debit));
  const [title, setTitle] = useState<string[]>(start.columns.title.map(String));
  const [payer, setPayer] = useState(pick(start.columns.payerName?.[0]));
  const [account, setAccount] = useState(pick(start.columns.payerAccount));
  const [reference, setReference] = useState(pick(start.columns.reference));
  const [dateFormat, setDateFormat] = useState<CsvDateFormat>(start.dateFormat);
  const [decimal, setDecimal] = useState<',' | '.'>(start.decimal);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const num = (v: string) => (v === NONE ? undefined : Number(v));
    if (!bank.trim()) return setError('Podaj nazwę banku — pod nią zapamiętamy mapowanie.');
    if (date === NONE) return setError('Wskaż kolumnę z datą operacji.');
    if (amountMode === 'single' ? amount === NONE : credit === NONE) return setError(amountMode === 'single' ? 'Wskaż kolumnę z kwotą.' : 'Wskaż kolumnę z uznaniami (wpływami).');
    if (title.length === 0) return setError('Wskaż kolumnę z tytułem przelewu.');
    const columns: CsvColumns = {
      bookingDate: Number(date),
      title: title.map(Number),
      ...(amountMode === 'single' ? { amount: num(amount) } : { credit: num(credit), ...(debit !== NONE ? { debit: num(debit) } : {}) }),
      ...(payer !== NONE ? { payerName: [Number(payer)] } : {}),
      ...(account !== NONE ? { payerAccount: Number(account) } : {}),
      ...(reference !== NONE ? { reference: Number(reference) } : {}),
    };
    setError(null);
    onSubmit({ delimiter: start.delimiter, headerRow: start.headerRow, dataStart: Math.max(0, firstRow - 1), decimal, dateFormat, columns }, bank.trim());
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" aria-label="Mapowanie kolumn CSV" onSubmit={(e) => (e.preventDefault(), submit())}>
      <Stack gap="md">
        <Title order={3} fz="lg">
          Nieznany układ pliku CSV — wskaż kolumny
        </Title>
        <Text size="sm" c="dimmed">
          Mapowanie zapamiętamy dla tego banku: kolejne wyciągi w tym samym układzie otworzą się od razu w podglądzie.
        </Text>
        <DataTable
          label="Pierwsze wiersze pliku"
          columns={sampleColumns(layout)}
          rows={layout.sample.map((cells, index) => ({ index, cells }))}
          rowKey={(row) => String(row.index)}
          minWidth={600}
          striped={false}
          framed={false}
          tableProps={{ fz: 'xs', withTableBorder: true, verticalSpacing: 'xs' }}
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="Nazwa banku" value={bank} onChange={(e) => setBank(e.currentTarget.value)} maxLength={60} withAsterisk />
          <NumberInput label="Pierwszy wiersz z operacją" min={1} max={200} value={firstRow} onChange={(v) => setFirstRow(Number(v) || 1)} />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <Select label="Data operacji" data={columnOptions} value={date} onChange={(v) => setDate(v ?? NONE)} allowDeselect={false} />
          <Select label="Format daty" data={[...CSV_DATE_FORMATS]} value={dateFormat} onChange={(v) => v && setDateFormat(v as CsvDateFormat)} allowDeselect={false} />
        </Group>
        <SegmentedControl
          value={amountMode}
          onChange={(v) => setAmountMode(v as 'single' | 'split')}
          aria-label="Kwota"
          data={[
            { value: 'single', label: 'Jedna kolumna kwoty (ze znakiem)' },
            { value: 'split', label: 'Osobne kolumny uznań i obciążeń' },
          ]}
        />
        <Group grow align="flex-start" wrap="wrap">
          {amountMode === 'single' ? (
            <Select label="Kwota" data={columnOptions} value={amount} onChange={(v) => setAmount(v ?? NONE)} allowDeselect={false} />
          ) : (
            <>
              <Select label="Uznania (wpływy)" data={columnOptions} value={credit} onChange={(v) => setCredit(v ?? NONE)} allowDeselect={false} />
              <Select label="Obciążenia" data={optional} value={debit} onChange={(v) => setDebit(v ?? NONE)} />
            </>
          )}
          <Select
            label="Separator dziesiętny"
            data={[
              { value: ',', label: 'przecinek (149,00)' },
              { value: '.', label: 'kropka (149.00)' },
            ]}
            value={decimal}
            onChange={(v) => v && setDecimal(v as ',' | '.')}
            allowDeselect={false}
          />
        </Group>
        <MultiSelect label="Tytuł przelewu" description="Można wskazać kilka kolumn — zostaną połączone." data={columnOptions} value={title} onChange={setTitle} />
        <Group grow align="flex-start" wrap="wrap">
          <Select label="Nadawca" data={optional} value={payer} onChange={(v) => setPayer(v ?? NONE)} />
          <Select label="Rachunek nadawcy" data={optional} value={account} onChange={(v) => setAccount(v ?? NONE)} />
          <Select label="Numer referencyjny operacji" data={optional} value={reference} onChange={(v) => setReference(v ?? NONE)} />
        </Group>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Anuluj
          </Button>
          <Button type="submit" loading={busy} data-testid="save-csv-mapping">
            Zapisz mapowanie i pokaż podgląd
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
