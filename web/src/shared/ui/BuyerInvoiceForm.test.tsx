import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { BuyerInvoiceFields, buyerErrors, buyerInput, draftFromInvoice, EMPTY_BUYER, type BuyerDraft } from './BuyerInvoiceForm';

const COUNTRIES = [
  { value: 'PL', label: 'Polska' },
  { value: 'DE', label: 'Niemcy' },
];
const PERSON: BuyerDraft = { kind: 'person', name: 'Marta Nowak', nip: '', street: 'ul. Rybacka 7/3', postalCode: '80-001', city: 'Gdańsk', country: 'PL' };

/** The form as a checkout uses it: values in state, messages from the shared schema after a submit. */
function Harness({ initial, submitted }: { initial: BuyerDraft; submitted: boolean }) {
  const [value, setValue] = useState(initial);
  return <BuyerInvoiceFields value={value} onChange={setValue} errors={submitted ? buyerErrors(value) : undefined} countries={COUNTRIES} />;
}

describe('buyer / invoice data', () => {
  it('accepts a complete person and sends no NIP for one', () => {
    expect(buyerErrors(PERSON)).toEqual({});
    expect(buyerInput({ ...PERSON, nip: '1234563218' })).not.toHaveProperty('nip');
  });

  it('names every missing field in Polish', () => {
    expect(buyerErrors(EMPTY_BUYER)).toEqual({
      name: 'Podaj imię i nazwisko lub nazwę firmy',
      street: 'Podaj ulicę i numer',
      postalCode: 'Podaj kod pocztowy',
      city: 'Podaj miejscowość',
    });
  });

  it('checks the Polish postal code format and the NIP checksum; a NIP may be typed with dashes', () => {
    expect(buyerErrors({ ...PERSON, postalCode: '80001' })).toEqual({ postalCode: 'Nieprawidłowy kod pocztowy (00-000)' });
    // Another country has its own postal codes.
    expect(buyerErrors({ ...PERSON, country: 'DE', postalCode: '10115' })).toEqual({});
    const company: BuyerDraft = { ...PERSON, kind: 'company', name: 'Żagle sp. z o.o.', nip: '123-456-78-90' };
    expect(buyerErrors(company)).toEqual({ nip: 'Nieprawidłowy NIP' });
    expect(buyerErrors({ ...company, nip: '123-456-32-18' })).toEqual({});
    expect(buyerErrors({ ...company, nip: '' })).toEqual({ nip: 'Nieprawidłowy NIP' });
  });

  it('prefills from the saved invoice data, or the account holder as a person', () => {
    expect(draftFromInvoice(undefined, 'Jan Kowalski')).toEqual({ ...EMPTY_BUYER, name: 'Jan Kowalski' });
    expect(draftFromInvoice({ kind: 'company', name: 'Firma', nip: '1234563218', street: 'A 1', postalCode: '00-001', city: 'Warszawa', country: 'PL' })).toMatchObject({
      kind: 'company',
      nip: '1234563218',
    });
  });

  it('shows the NIP field only for a company and the messages next to the fields', () => {
    renderWithTheme(<Harness initial={{ ...EMPTY_BUYER }} submitted />);
    expect(screen.queryByLabelText(/^NIP/)).toBeNull();
    expect(screen.getByLabelText(/Imię i nazwisko/)).toBeTruthy();
    expect(screen.getByText('Podaj ulicę i numer')).toBeTruthy();

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

  it('shows no messages before the first submit', () => {
    renderWithTheme(<Harness initial={{ ...EMPTY_BUYER }} submitted={false} />);
    expect(screen.queryByText('Podaj ulicę i numer')).toBeNull();
  });
});
