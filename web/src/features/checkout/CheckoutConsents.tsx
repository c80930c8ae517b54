import { Checkbox, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LegalDocumentLink } from '../../shared/ui/LegalDocumentLink';
import { Hint } from '../../shared/ui/Hint';

/** The consents of both checkouts (tickets and shop), worded the same in each, linked to the documents. */
export function CheckoutConsents<Values extends { acceptTerms: boolean; saveInvoiceData: boolean }>({
  form,
  disabled,
}: {
  form: UseFormReturnType<Values>;
  disabled?: boolean;
}) {
  return (
    <Stack gap="sm">
      <Checkbox
        name="saveInvoiceData"
        label="Zapamiętaj te dane do kolejnych zamówień"
        disabled={disabled}
        {...form.getInputProps('saveInvoiceData', { type: 'checkbox' })}
      />
      <Checkbox
        name="acceptTerms"
        label={
          <>
            Akceptuję <LegalDocumentLink kind="terms">regulamin sprzedaży</LegalDocumentLink> i wiem, że zamówienie
            opłacam przelewem (wymagane)
          </>
        }
        disabled={disabled}
        {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
      />
      <Hint size="xs">
        Dane do faktury przetwarzamy zgodnie z{' '}
        <LegalDocumentLink kind="privacy">polityką prywatności</LegalDocumentLink>.
      </Hint>
    </Stack>
  );
}
