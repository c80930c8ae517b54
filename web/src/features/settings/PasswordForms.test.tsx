import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderForm } from '../../test/renderForm';
import { ChangePasswordForm, DeleteAccountDialog, reauthMessage } from './PasswordForms';

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ChangePasswordForm', () => {
  it('checks the project minimum and the repetition before re-authenticating', async () => {
    const onChange = vi.fn(async () => null);
    await renderForm(<ChangePasswordForm onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    expect(await screen.findByText('Podaj obecne hasło')).toBeTruthy();
    type(/^Obecne hasło/, 'Stare-haslo-1');
    type(/^Nowe hasło/, 'krotkie');
    type(/^Powtórz nowe hasło/, 'inne');
    fireEvent.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    expect(await screen.findByText(/Hasło musi mieć: co najmniej 8 znaków/)).toBeTruthy();
    expect(screen.getByText('Hasła nie są takie same')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    type(/^Nowe hasło/, 'Nowe-haslo-2');
    type(/^Powtórz nowe hasło/, 'Nowe-haslo-2');
    fireEvent.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    await screen.findByText('Hasło zostało zmienione.');
    expect(onChange).toHaveBeenCalledWith('Stare-haslo-1', 'Nowe-haslo-2');
  });

  it('names a wrong current password plainly', () => {
    expect(reauthMessage({ code: 'auth/invalid-credential' })).toBe('Nieprawidłowe obecne hasło.');
    expect(reauthMessage({ code: 'auth/too-many-requests' })).toContain('Zbyt wiele prób');
  });
});

describe('DeleteAccountDialog', () => {
  it('says invoices are kept and stays disabled until the password and the tick are given', async () => {
    const onDelete = vi.fn(async () => 'Nieprawidłowe obecne hasło.');
    await renderForm(<DeleteAccountDialog opened onClose={vi.fn()} onDelete={onDelete} />);
    const dialog = await screen.findByTestId('delete-account-modal');
    expect(dialog.textContent).toContain('Zachowamy faktury');
    const button = () => screen.getByRole('button', { name: 'Usuń konto' }) as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    type(/Hasło \(potwierdź/, 'haslo-1234');
    expect(button().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/Rozumiem, że tej operacji nie można cofnąć/));
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith('haslo-1234'));
    expect(await screen.findByText('Nieprawidłowe obecne hasło.')).toBeTruthy();
  });
});
