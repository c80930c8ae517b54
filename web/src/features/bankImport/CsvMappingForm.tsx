import { useState } from 'react';
import {
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { z } from 'zod';
import {
  CSV_DATE_FORMATS,
  CSV_DELIMITERS,
  type CsvColumns,
  type CsvDateFormat,
  type CsvDelimiter,
  type CsvMapping,
} from '@domain/bank/csv';
import { saveBankCsvMappingInput } from '@domain/bank/schemas';
import { parseWith } from '@domain/issues';
import type { CsvLayout } from '@domain/bank/statement';
import { choicesOf } from '../../shared/ui/choices';
import { ConfirmButtons } from '../../shared/ui/ConfirmAction';
import { DataTable, type DataColumn } from '../../shared/ui/DataTable';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { Hint } from '../../shared/ui/Hint';

interface CsvMappingFormProps {
  layout: CsvLayout;
  busy: boolean;
  onSubmit: (mapping: CsvMapping, bank: string) => void;
  onCancel: () => void;
  /** The admin picked another column separator: the file is split again and the form shown anew. */
  onDelimiterChange: (delimiter: CsvDelimiter) => void;
}

const DELIMITER_NAMES: Record<CsvDelimiter, string> = {
  ';': 'średnik ( ; )',
  ',': 'przecinek ( , )',
  '\t': 'tabulator',
  '|': 'kreska pionowa ( | )',
};

const AMOUNT_MODES = choicesOf<MappingValues['amountMode']>({
  single: 'Jedna kolumna kwoty (ze znakiem)',
  split: 'Osobne kolumny uznań i obciążeń',
});
const DECIMAL_SEPARATORS = choicesOf<MappingValues['decimal']>({ ',': 'przecinek (149,00)', '.': 'kropka (149.00)' });

const NONE = '';

/** The file's first rows, numbered as a spreadsheet numbers them, one column per CSV column. */
function sampleColumns(layout: CsvLayout): DataColumn<{ index: number; cells: readonly string[] }>[] {
  return [
    { key: 'row', header: 'Wiersz', cell: (row) => layout.mapping.headerRow + row.index + 2 },
    ...layout.headers.map((h, i) => ({
      key: String(i),
      header: `${i + 1}. ${h}`,
      cell: (row: { cells: readonly string[] }) => row.cells[i] ?? '',
    })),
  ];
}

/**
 * Column mapping for a bank CSV the app does not recognise (e.g. without a header). Saved per
 * layout fingerprint, so the next statement of the same bank opens straight in the preview.
 */
/** The form's values: columns as Select values (`''` = none). */
interface MappingValues {
  bank: string;
  firstRow: number | string;
  date: string;
  amountMode: 'single' | 'split';
  amount: string;
  credit: string;
  debit: string;
  title: string[];
  payer: string;
  account: string;
  reference: string;
  dateFormat: CsvDateFormat;
  decimal: ',' | '.';
}

const column = (v: string) => (v === NONE ? undefined : Number(v));

/** The mapping the values describe, in the shape the shared `csvMappingSchema` checks. */
function mappingOf(values: MappingValues, start: CsvMapping): CsvMapping {
  const columns: CsvColumns = {
    bookingDate: Number(values.date),
    title: values.title.map(Number),
    ...(values.amountMode === 'single'
      ? { amount: column(values.amount) }
      : { credit: column(values.credit), ...(values.debit !== NONE ? { debit: column(values.debit) } : {}) }),
    ...(values.payer !== NONE ? { payerName: [Number(values.payer)] } : {}),
    ...(values.account !== NONE ? { payerAccount: Number(values.account) } : {}),
    ...(values.reference !== NONE ? { reference: Number(values.reference) } : {}),
  };
  return {
    delimiter: start.delimiter,
    headerRow: start.headerRow,
    dataStart: Math.max(0, (Number(values.firstRow) || 1) - 1),
    decimal: values.decimal,
    dateFormat: values.dateFormat,
    columns,
  };
}

/** The order the messages are named in above the buttons: the first missing thing first. */
const FIELD_ORDER = ['bank', 'date', 'amount', 'credit', 'title', '_form'] as const;

/**
 * The form's own wording of what is missing, then the shared schema of the callable
 * (saveBankCsvMapping) over the mapping it builds: what passes here is what the server accepts.
 */
function mappingSchema(layout: CsvLayout) {
  // Loose: the shared check below needs every value, not only those this object names.
  return z
    .looseObject({
      bank: z.string().trim().min(1, 'Podaj nazwę banku — pod nią zapamiętamy mapowanie.'),
      date: z.string().min(1, 'Wskaż kolumnę z datą operacji.'),
      amountMode: z.enum(['single', 'split']),
      amount: z.string(),
      credit: z.string(),
      title: z.array(z.string()).min(1, 'Wskaż kolumnę z tytułem przelewu.'),
    })
    .superRefine((v, ctx) => {
      if (v.amountMode === 'single' && v.amount === NONE)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Wskaż kolumnę z kwotą.' });
      if (v.amountMode === 'split' && v.credit === NONE)
        ctx.addIssue({ code: 'custom', path: ['credit'], message: 'Wskaż kolumnę z uznaniami (wpływami).' });
    })
    .superRefine((v, ctx) => {
      const values = v as unknown as MappingValues;
      const shared = parseWith(saveBankCsvMappingInput, {
        fingerprint: layout.fingerprint,
        bank: values.bank,
        mapping: mappingOf(values, layout.mapping),
      });
      if (!shared.ok)
        ctx.addIssue({
          code: 'custom',
          path: shared.error.field === 'bank' ? ['bank'] : [],
          message: shared.error.message,
        });
    });
}

export function CsvMappingForm({ layout, busy, onSubmit, onCancel, onDelimiterChange }: CsvMappingFormProps) {
  const start = layout.mapping;
  const columnOptions = layout.headers.map((h, i) => ({ value: String(i), label: `${i + 1}. ${h || '(bez nazwy)'}` }));
  const optional = [{ value: NONE, label: '— brak —' }, ...columnOptions];
  const pick = (i: number | undefined) => (i === undefined ? NONE : String(i));
  const [schema] = useState(() => mappingSchema(layout));
  const { form, submitWith, attempted } = useSchemaForm<MappingValues>({
    initialValues: {
      bank: layout.bank ?? '',
      firstRow: start.dataStart + 1,
      date: pick(start.columns.bookingDate),
      amountMode: start.columns.credit !== undefined ? 'split' : 'single',
      amount: pick(start.columns.amount),
      credit: pick(start.columns.credit),
      debit: pick(start.columns.debit),
      title: start.columns.title.map(String),
      payer: pick(start.columns.payerName?.[0]),
      account: pick(start.columns.payerAccount),
      reference: pick(start.columns.reference),
      dateFormat: start.dateFormat,
      decimal: start.decimal,
    },
    schema,
  });
  const submit = submitWith((values) => onSubmit(mappingOf(values, start), values.bank.trim()));
  const firstError = attempted ? FIELD_ORDER.map((field) => form.errors[field]).find(Boolean) : undefined;
  /** A Select bound to a form field; `fallback` is what clearing it means. */
  const select = (path: keyof MappingValues, fallback?: string) => {
    const props = form.getInputProps(path);
    return { ...props, onChange: (v: string | null) => (v ?? fallback) !== undefined && props.onChange(v ?? fallback) };
  };

  return (
    <Paper withBorder p="md" component="form" aria-label="Mapowanie kolumn CSV" noValidate onSubmit={submit}>
      <Stack gap="md">
        <Title order={3} fz="lg">
          Nieznany układ pliku CSV — wskaż kolumny
        </Title>
        <Hint>
          Mapowanie zapamiętamy dla tego banku: kolejne wyciągi w tym samym układzie otworzą się od razu w podglądzie.
        </Hint>
        <Select
          label="Separator kolumn"
          description="Jeśli kolumny poniżej są źle podzielone, wybierz znak, którym bank je rozdziela."
          data={CSV_DELIMITERS.map((d) => ({ value: d, label: DELIMITER_NAMES[d] }))}
          value={start.delimiter}
          onChange={(v) => v && v !== start.delimiter && onDelimiterChange(v as CsvDelimiter)}
          allowDeselect={false}
          disabled={busy}
          maw={320}
        />
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
          <TextInput label="Nazwa banku" maxLength={60} withAsterisk {...form.getInputProps('bank')} />
          <NumberInput label="Pierwszy wiersz z operacją" min={1} max={200} {...form.getInputProps('firstRow')} />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <Select label="Data operacji" data={columnOptions} {...select('date', NONE)} allowDeselect={false} />
          <Select label="Format daty" data={[...CSV_DATE_FORMATS]} {...select('dateFormat')} allowDeselect={false} />
        </Group>
        <SegmentedControl {...form.getInputProps('amountMode')} aria-label="Kwota" data={AMOUNT_MODES} />
        <Group grow align="flex-start" wrap="wrap">
          {form.values.amountMode === 'single' ? (
            <Select label="Kwota" data={columnOptions} {...select('amount', NONE)} allowDeselect={false} />
          ) : (
            <>
              <Select label="Uznania (wpływy)" data={columnOptions} {...select('credit', NONE)} allowDeselect={false} />
              <Select label="Obciążenia" data={optional} {...select('debit', NONE)} />
            </>
          )}
          <Select label="Separator dziesiętny" data={DECIMAL_SEPARATORS} {...select('decimal')} allowDeselect={false} />
        </Group>
        <MultiSelect
          label="Tytuł przelewu"
          description="Można wskazać kilka kolumn — zostaną połączone."
          data={columnOptions}
          {...form.getInputProps('title')}
        />
        <Group grow align="flex-start" wrap="wrap">
          <Select label="Nadawca" data={optional} {...select('payer', NONE)} />
          <Select label="Rachunek nadawcy" data={optional} {...select('account', NONE)} />
          <Select label="Numer referencyjny operacji" data={optional} {...select('reference', NONE)} />
        </Group>
        <ConfirmButtons
          busy={busy}
          error={firstError}
          onCancel={onCancel}
          confirmLabel="Zapisz mapowanie i pokaż podgląd"
          color="primary"
          confirmTestId="save-csv-mapping"
        />
      </Stack>
    </Paper>
  );
}
