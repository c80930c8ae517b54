import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { placeTicketOrderInput } from '@domain/callables';
import { invoiceDataSchema } from '@domain/schemas';
import { schemaValidator } from '../../shared/ui/formErrors';
import { useSchemaForm } from '../../shared/ui/useSchemaForm';
import { renderForm } from '../../test/renderForm';
import {
  emptyInvoice,
  InvoiceDataFields,
  invoiceFromValues,
  invoiceValuesFrom,
  type InvoiceValues,
} from './InvoiceDataFields';

const PERSON: InvoiceValues = {
  kind: 'person',
  name: 'Marta Nowak',
  nip: '',
  street: 'ul. Rybacka 7/3',
  postalCode: '80-001',
  city: 'Gdańsk',
  country: 'PL',
};
/** The validator the forms use: the shared schema applied to the payload the callables receive. */
const invoiceErrors = schemaValidator(invoiceDataSchema, invoiceFromValues);

/** The fields as a form owns them: values in `useForm`, messages from the shared schema. */
function Harness({ initial }: { initial: InvoiceValues }) {
  const { form, submitWith } = useSchemaForm<{ buyer: InvoiceValues }>({
    initialValues: { buyer: initial },
    schema: placeTicketOrderInput.pick({ buyer: true }),
    toPayload: (v) => ({ buyer: invoiceFromValues(v.buyer) }),
  });
  return (
    <form onSubmit={submitWith(() => undefined)} noValidate>
      <InvoiceDataFields form={form} path="buyer" names="checkout" />
      <button type="submit">Dalej</button>
    </form>
  );
}

describe('buyer / invoice data', () => {
  it('accepts a complete person and sends no NIP for one', () => {
    expect(invoiceErrors(PERSON)).toEqual({});
    expect(invoiceFromValues({ ...PERSON, nip: '1234563218' })).not.toHaveProperty('nip');
  });

  it('names every missing field in Polish', () => {
    expect(invoiceErrors(emptyInvoice)).toEqual({
      name: 'Podaj imię i nazwisko lub nazwę firmy',
      street: 'Podaj ulicę i numer',
      postalCode: 'Podaj kod pocztowy',
      city: 'Podaj miejscowość',
    });
  });

  it('checks the Polish postal code format and the NIP checksum; a NIP may be typed with dashes', () => {
    expect(invoiceErrors({ ...PERSON, postalCode: '80001' })).toEqual({
      postalCode: 'Nieprawidłowy kod pocztowy (00-000)',
    });
    // Another country has its own postal codes.
    expect(invoiceErrors({ ...PERSON, country: 'DE', postalCode: '10115' })).toEqual({});
    const company: InvoiceValues = { ...PERSON, kind: 'company', name: 'Żagle sp. z o.o.', nip: '123-456-78-90' };
    expect(invoiceErrors(company)).toEqual({ nip: 'Nieprawidłowy NIP' });
    expect(invoiceErrors({ ...company, nip: '123-456-32-18' })).toEqual({});
    expect(invoiceErrors({ ...company, nip: '' })).toEqual({ nip: 'Nieprawidłowy NIP' });
  });

  it('prefills from the saved invoice data, or the account holder as a person', () => {
    expect(invoiceValuesFrom(undefined, { name: 'Jan Kowalski' })).toEqual({ ...emptyInvoice, name: 'Jan Kowalski' });
    expect(
      invoiceValuesFrom({
        kind: 'company',
        name: 'Firma',
        nip: '1234563218',
        street: 'A 1',
        postalCode: '00-001',
        city: 'Warszawa',
        country: 'PL',
      }),
    ).toMatchObject({
      kind: 'company',
      nip: '1234563218',
    });
  });

  it('shows the NIP field only for a company and the messages next to the fields', async () => {
    await renderForm(<Harness initial={{ ...emptyInvoice }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(screen.queryByLabelText(/^NIP/)).toBeNull();
    expect(screen.getByLabelText(/Imię i nazwisko/)).toBeTruthy();
    expect(await screen.findByText('Podaj ulicę i numer')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Firmę (z NIP)'));
    const nip = screen.getByLabelText(/^NIP/) as HTMLInputElement;
    expect(screen.getByLabelText(/Nazwa firmy/)).toBeTruthy();
    fireEvent.change(nip, { target: { value: '123-456-78-90' } });
    expect(screen.getByText('Nieprawidłowy NIP')).toBeTruthy();
    expect(nip.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(nip, { target: { value: '123-456-32-18' } });
    expect(screen.queryByText('Nieprawidłowy NIP')).toBeNull();

    // Typed data survives switching back and forth.
    fireEvent.change(screen.getByLabelText(/Nazwa firmy/), { target: { value: 'Żagle sp. z o.o.' } });
    fireEvent.click(screen.getByLabelText('Osobę prywatną'));
    expect((screen.getByLabelText(/Imię i nazwisko/) as HTMLInputElement).value).toBe('Żagle sp. z o.o.');
  });

  it('shows no messages before the first submit', async () => {
    await renderForm(<Harness initial={{ ...emptyInvoice }} />);
    expect(screen.queryByText('Podaj ulicę i numer')).toBeNull();
  });

  it('shows a field’s message when the buyer leaves it, before any submit', async () => {
    await renderForm(<Harness initial={{ ...emptyInvoice }} />);
    fireEvent.blur(screen.getByLabelText(/Ulica i numer/));
    expect(await screen.findByText('Podaj ulicę i numer')).toBeTruthy();
    expect(screen.queryByText('Podaj miejscowość')).toBeNull();
  });
});
