import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { placeTicketOrderInput } from '@domain/callables';
import { formatMoney } from '../../shared/format/pl';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { InvoiceDataFields, invoiceFromValues, type InvoiceValues } from '../settings';
import { CheckoutConsents } from './CheckoutConsents';
import { OrderRefusal } from './OrderRefusal';
import type { CheckoutRefusal } from './refusal';
import { StackedForm } from '../../shared/ui/StackedForm';
import { TitledStack } from '../../shared/ui/TitledStack';

export type BuyerValues = {
  buyer: InvoiceValues;
  acceptTerms: boolean;
  saveInvoiceData: boolean;
};

/** Both order callables take the same buyer part; the key is the checkout's, not the form's. */
const buyerStepSchema = placeTicketOrderInput.omit({ idempotencyKey: true });
const toPayload = (v: BuyerValues) => ({
  buyer: invoiceFromValues(v.buyer),
  acceptTerms: v.acceptTerms,
  saveInvoiceData: v.saveInvoiceData,
});

/** The checkout's buyer data and consent would pass the callable's schema (the summary step may place the order). */
export function buyerStepComplete(values: BuyerValues | null): values is BuyerValues {
  return values !== null && buyerStepSchema.safeParse(toPayload(values)).success;
}

export interface BuyerFormProps {
  initial: BuyerValues;
  /** Runs with valid values; resolves with a refusal to show, or null when the checkout moved on. */
  onSubmit: (values: BuyerValues) => Promise<CheckoutRefusal | null>;
  /** Every change, so the checkout keeps what was typed across its steps. */
  onChange?: (values: BuyerValues) => void;
  submitLabel: string;
  /** The way back to the previous step (a button or a link). */
  back: ReactNode;
  /** Shown next to the button when this step places the order. */
  totalGross?: number;
  /** The basket cannot be ordered right now (the reason is shown and the button is disabled). */
  disabledReason?: string;
  /** Where a refusal about the basket sends the buyer to fix it. */
  basketPath: string;
}

/** The buyer step of both checkouts: invoice data, the sales terms, and the button that goes on. */
export function BuyerForm({
  initial,
  onSubmit,
  onChange,
  submitLabel,
  back,
  totalGross,
  disabledReason,
  basketPath,
}: BuyerFormProps) {
  const { form, submitWith, attempted } = useSchemaForm<BuyerValues>({
    initialValues: initial,
    schema: buyerStepSchema,
    toPayload,
    onValuesChange: onChange,
  });
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const [refusal, setRefusal] = useState<CheckoutRefusal | null>(null);

  async function place(values: BuyerValues) {
    // A double click sends once; the idempotency key covers a retry after a lost answer.
    if (inFlight.current || disabledReason) return;
    inFlight.current = true;
    setBusy(true);
    setRefusal(null);
    try {
      const failure = await onSubmit(values);
      if (failure?.field?.startsWith('buyer.')) form.setFieldError(failure.field, failure.message);
      else setRefusal(failure);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <StackedForm label="Dane nabywcy" onSubmit={(event) => submitWith(place)(event)} gap="lg">
      {refusal && <OrderRefusal refusal={refusal} basketPath={basketPath} />}
      {disabledReason && (
        <Alert color="yellow" role="alert">
          {disabledReason}
        </Alert>
      )}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <TitledStack title="Dane nabywcy do faktury">
          <InvoiceDataFields form={form} path="buyer" names="checkout" disabled={busy} />
        </TitledStack>
      </Paper>
      <CheckoutConsents form={form} disabled={busy} />
      <ErrorAlert>
        {form.errors._form ??
          (attempted && Object.keys(form.errors).length > 0 && 'Popraw zaznaczone pola, aby przejść dalej.')}
      </ErrorAlert>
      <Group justify="space-between" align="center" wrap="wrap">
        {back}
        <Group gap="md" wrap="wrap" justify="flex-end">
          {totalGross !== undefined && (
            <Text fw={700} data-testid="checkout-total">
              Do zapłaty: {formatMoney(totalGross)}
            </Text>
          )}
          <Button type="submit" loading={busy} disabled={Boolean(disabledReason)} size="md">
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </StackedForm>
  );
}
