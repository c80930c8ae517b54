import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { z } from 'zod';
import { recordKsefSubmissionInput } from '@domain/callables';
import { parseKsefNumber } from '@domain/ksef/ksefNumber';
import { warsawDate } from '@domain/numbering';
import { ConfirmDialog } from '../../shared/ui/ConfirmAction';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { callFunction } from '../../shared/firebase';
import { isoToPolishDate } from '../../shared/format/pl';
import type { KsefRow } from './ksefRows';

/** The dialog's fields as the callable's schema checks them (uid and invoice id come from the row). */
// An empty date field asks for the date rather than calling '' a malformed one.
const recordFields = recordKsefSubmissionInput
  .pick({ ksefNumber: true, submittedOn: true })
  .extend({ submittedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Podaj datę wysłania') });
type RecordValues = { ksefNumber: string; submittedOn: string };

/** The manual path for a document outside the outbox: the number it got when the admin sent it another way. */
export function RecordKsefDialog({
  row,
  onClose,
  onDone,
}: {
  row: KsefRow | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  // Mounted afresh for each invoice (keyed by it), so the form starts empty with today's date.
  const [today] = useState(() => warsawDate(Date.now()));
  const { form, submitWith, send, sending } = useSchemaForm<RecordValues>({
    initialValues: { ksefNumber: '', submittedOn: today },
    schema: recordFields,
  });

  const submit = submitWith(async (values) => {
    if (!row) return;
    const parsed = recordFields.parse(values);
    const out = await send(() =>
      callFunction('recordKsefSubmission', { uid: row.uid, invoiceId: row.documentId, ...parsed }),
    );
    if (out) onDone(`Zapisano numer KSeF ${out.ksefNumber} dla faktury ${row.number}.`);
  });

  // The date in the number is the day KSeF accepted the file: offer it once a whole number is typed.
  const acceptedOn = parseKsefNumber(form.values.ksefNumber.replace(/\s/g, '').toUpperCase())?.acceptedOn;
  return (
    <ConfirmDialog
      opened={row !== null}
      onClose={onClose}
      onSubmit={submit}
      title={row ? `Numer KSeF faktury ${row.number}` : ''}
      busy={sending}
      error={form.errors._form}
      confirmLabel="Zapisz"
      color="primary"
      confirmTestId="ksef-record-submit"
    >
      <TextInput
        label="Numer KSeF"
        description="35 znaków, np. 5265877635-20250826-0100001AF629-AF"
        {...form.getInputProps('ksefNumber')}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
        data-testid="ksef-number-input"
      />
      <TextInput
        type="date"
        label="Data wysłania do KSeF"
        {...form.getInputProps('submittedOn')}
        description={
          acceptedOn && acceptedOn !== form.values.submittedOn
            ? `Data w numerze: ${isoToPolishDate(acceptedOn)}`
            : undefined
        }
        data-testid="ksef-date-input"
      />
    </ConfirmDialog>
  );
}
