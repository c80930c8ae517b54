import { Checkbox, Stack, Text } from '@mantine/core';
import { LegalDocumentLink } from './LegalDocumentLink';

export interface CheckoutConsentsProps {
  acceptTerms: boolean;
  onAcceptTerms: (checked: boolean) => void;
  saveInvoiceData: boolean;
  onSaveInvoiceData: (checked: boolean) => void;
  /** „Zaakceptuj regulamin sprzedaży” once the buyer tried to go on without it. */
  termsError?: string;
  disabled?: boolean;
}

/** The consents of both checkouts (tickets and shop), worded the same in each, linked to the documents. */
export function CheckoutConsents({ acceptTerms, onAcceptTerms, saveInvoiceData, onSaveInvoiceData, termsError, disabled }: CheckoutConsentsProps) {
  return (
    <Stack gap="sm">
      <Checkbox name="saveInvoiceData" checked={saveInvoiceData} onChange={(e) => onSaveInvoiceData(e.currentTarget.checked)} label="Zapamiętaj te dane do kolejnych zamówień" disabled={disabled} />
      <Checkbox
        name="acceptTerms"
        checked={acceptTerms}
        onChange={(e) => onAcceptTerms(e.currentTarget.checked)}
        label={
          <>
            Akceptuję <LegalDocumentLink kind="terms">regulamin sprzedaży</LegalDocumentLink> i wiem, że zamówienie opłacam przelewem (wymagane)
          </>
        }
        error={termsError}
        disabled={disabled}
      />
      <Text size="xs" c="dimmed">
        Dane do faktury przetwarzamy zgodnie z <LegalDocumentLink kind="privacy">polityką prywatności</LegalDocumentLink>.
      </Text>
    </Stack>
  );
}
