import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderForm } from '../../test/renderForm';
import { MemberForm, toMemberFields } from './MemberForm';

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('MemberForm', () => {
  it('shows the shared schema messages and does not submit invalid data', async () => {
    const onSubmit = vi.fn(async () => null);
    await renderForm(<MemberForm submitLabel="Dodaj uczestnika" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj uczestnika' }));
    expect(await screen.findByText('Podaj imię')).toBeTruthy();
    expect(screen.getByText('Podaj nazwisko')).toBeTruthy();
    type(/^Imię/, 'Jan');
    type(/^Nazwisko/, 'Nowak');
    type(/Rok urodzenia/, '1850');
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj uczestnika' }));
    expect(await screen.findByText('Nieprawidłowy rok urodzenia')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits trimmed fields, disables inputs while saving and shows a write failure', async () => {
    let finish: (v: string | null) => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<string | null>((r) => (finish = r)));
    await renderForm(<MemberForm submitLabel="Dodaj uczestnika" onSubmit={onSubmit} />);
    type(/^Imię/, '  Zosia ');
    type(/^Nazwisko/, 'Nowak');
    type(/Rok urodzenia/, '2016');
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj uczestnika' }));
    expect(onSubmit).toHaveBeenCalledWith({ firstName: 'Zosia', lastName: 'Nowak', birthYear: 2016 });
    await waitFor(() => expect((screen.getByLabelText(/^Imię/) as HTMLInputElement).disabled).toBe(true));
    await act(async () => finish('Nie udało się zapisać zmian.'));
    expect(screen.getByRole('alert').textContent).toBe('Nie udało się zapisać zmian.');
    expect((screen.getByLabelText(/^Imię/) as HTMLInputElement).disabled).toBe(false);
  });

  it("keeps the account holder's own name read-only and points to the settings", async () => {
    const onSubmit = vi.fn(async () => null);
    await renderForm(
      <MemberForm
        submitLabel="Zapisz zmiany"
        isSelf
        initial={{ firstName: 'Marta', lastName: 'Nowak', birthYear: '', relation: 'self' }}
        onSubmit={onSubmit}
      />,
    );
    expect((screen.getByLabelText(/^Imię/) as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText(/^Nazwisko/) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Ustawieniach' }).getAttribute('href')).toBe('/dashboard/ustawienia');
    type(/Rok urodzenia/, '1990');
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
    expect(onSubmit).toHaveBeenCalledWith({ firstName: 'Marta', lastName: 'Nowak', birthYear: 1990, relation: 'self' });
  });

  it('is disabled with the reason when the participant limit is reached', async () => {
    await renderForm(
      <MemberForm
        submitLabel="Dodaj uczestnika"
        onSubmit={vi.fn()}
        disabledReason="Możesz dodać najwyżej 30 uczestników."
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('najwyżej 30');
    expect((screen.getByRole('button', { name: 'Dodaj uczestnika' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('leaves optional fields out of the stored shape', () => {
    expect(toMemberFields({ firstName: 'A', lastName: 'B', birthYear: '', relation: '' })).toEqual({
      firstName: 'A',
      lastName: 'B',
    });
    expect(toMemberFields({ firstName: 'A', lastName: 'B', birthYear: 1990, relation: 'crew' })).toEqual({
      firstName: 'A',
      lastName: 'B',
      birthYear: 1990,
      relation: 'crew',
    });
  });
});
