import { Alert } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { DataGate } from '../../shared/ui/DataState';
import { invoiceValuesFrom, useGetProfileQuery } from '../settings';
import { BuyerForm, type BuyerFormProps, type BuyerValues } from './BuyerForm';
import { useCheckoutState, type CheckoutKind } from './checkoutState';

interface BuyerStepProps extends Omit<BuyerFormProps, 'initial' | 'onChange'> {
  kind: CheckoutKind;
  uid: string;
}

/**
 * The buyer form of a checkout, prefilled once from the profile's saved invoice data (or the account
 * holder's name); afterwards the checkout state is the truth, so going back and forth keeps what was typed.
 */
export function BuyerStep({ kind, uid, ...form }: BuyerStepProps) {
  const [state, update] = useCheckoutState(kind, uid);
  const profile = useGetProfileQuery(state.buyer ? skipToken : uid || skipToken);
  // Once the checkout holds buyer data the profile is not read again (it only prefills the first time).
  const prefilling = !state.buyer;
  const p = profile.data;
  const initial: BuyerValues = state.buyer
    ? { buyer: state.buyer, acceptTerms: state.acceptTerms, saveInvoiceData: state.saveInvoiceData }
    : {
        buyer: invoiceValuesFrom(p?.invoice, p ? { name: `${p.firstName} ${p.lastName}`, country: p.country } : {}),
        acceptTerms: false,
        // Remember the data typed at the first order; saved data is replaced only when asked to.
        saveInvoiceData: !p?.invoice,
      };
  return (
    <DataGate
      query={{
        isLoading: prefilling && profile.isLoading,
        isError: prefilling && profile.isError,
        error: profile.error,
      }}
      loadingLabel="Wczytywanie danych nabywcy"
      rows={4}
      errorText="Nie udało się wczytać danych Twojego konta."
      onRetry={() => void profile.refetch()}
    >
      {prefilling && profile.isSuccess && !p && (
        <Alert color="yellow">Nie znaleziono danych Twojego konta — dokończ rejestrację, aby złożyć zamówienie.</Alert>
      )}
      <BuyerForm initial={initial} onChange={(values) => update(values)} {...form} />
    </DataGate>
  );
}
