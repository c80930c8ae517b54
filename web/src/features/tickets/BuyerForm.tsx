import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../shared/format/pl';
import { CheckoutConsents } from '../../shared/ui/CheckoutConsents';
import { InvoiceDataFields, invoiceErrors, type InvoiceValues } from '../settings';

export interface BuyerSubmit {
  buyer: InvoiceValues;
  acceptTerms: boolean;
  saveInvoiceData: boolean;
}

export interface BuyerFormProps {
  initial: InvoiceValues;
  totalGross: number;
  /** Resolves with an error to show (message + optional field), or null when the order was placed. */
  onSubmit: (value: BuyerSubmit) => Promise<{ message: string; field?: string } | null>;
  onBack: () => void;
  disabledReason?: string;
}

/** TicketsStepTwo's form: buyer / invoice data, sales terms, and the one button that places the order. */
export function BuyerForm({ initial, totalGross, onSubmit, onBack, disabledReason }: BuyerFormProps) {
  const [values, setValues] = useState<InvoiceValues>(initial);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [saveInvoiceData, setSaveInvoiceData] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; field?: string } | null>(null);

  const errors: Record<string, string> = invoiceErrors(values);
  if (!acceptTerms) errors.acceptTerms = 'Zaakceptuj regulamin sprzedaży';
  const shown: Record<string, string | undefined> = {};
  for (const [f, m] of Object.entries(errors)) if (submitted || touched[f]) shown[f] = m;
  const serverField = serverError?.field?.replace(/^buyer\./, '');
  if (serverField && serverError && serverError.field?.startsWith('buyer.')) shown[serverField] = serverError.message;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || disabledReason) return;
    setBusy(true);
    setServerError(null);
    const failure = await onSubmit({ buyer: values, acceptTerms, saveInvoiceData });
    if (failure) {
      setServerError(failure);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Dane nabywcy">
      <Stack gap="md">
        {serverError && !serverError.field?.startsWith('buyer.') && (
          <Alert color="red" variant="light" role="alert" data-testid="order-error">
            {serverError.message}
          </Alert>
        )}
        {disabledReason && (
          <Alert color="yellow" variant="light" role="alert">
            {disabledReason}
          </Alert>
        )}
        <InvoiceDataFields
          values={values}
          onChange={(patch) => {
            setValues((v) => ({ ...v, ...patch }));
            setServerError((e) => (e?.field?.startsWith('buyer.') ? null : e));
          }}
          errors={shown}
          onBlur={(f) => setTouched((t) => ({ ...t, [f]: true }))}
          disabled={busy}
        />
        <CheckoutConsents acceptTerms={acceptTerms} onAcceptTerms={setAcceptTerms} saveInvoiceData={saveInvoiceData} onSaveInvoiceData={setSaveInvoiceData} termsError={shown.acceptTerms} disabled={busy} />
        <Group justify="space-between" align="center" mt="xs" wrap="wrap">
          <Button variant="default" onClick={onBack} disabled={busy}>
            Wstecz
          </Button>
          <Group gap="md" wrap="wrap" justify="flex-end">
            <Text fw={700} data-testid="checkout-total">
              Do zapłaty: {formatMoney(totalGross)}
            </Text>
            <Button type="submit" loading={busy} disabled={Boolean(disabledReason)} size="md">
              Zamawiam i płacę przelewem
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
