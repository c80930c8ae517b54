import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { checkProjectPassword, passwordStrength } from './passwordRules';
import { StepOneForm } from './StepOneForm';
import { StepThreeForm } from './StepThreeForm';
import { StepTwoForm } from './StepTwoForm';
import { firstInvalidStep } from './steps';
import { renderForm } from '../../test/renderForm';
import { emptyWizard, wizardStore } from './wizardStore';

const validPolicy = async () => ({ isValid: true });

beforeEach(() => wizardStore.reset());

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function press(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

/** Presses the button and expects each of the form's validation messages on screen. */
async function pressAndExpect(button: string, ...messages: (string | RegExp)[]) {
  press(button);
  for (const message of messages) expect(await screen.findByText(message)).toBeTruthy();
}

describe('password rules', () => {
  it('requires 8 characters with a letter and a digit', () => {
    expect(checkProjectPassword('abc12').missing).toEqual(['co najmniej 8 znaków']);
    expect(checkProjectPassword('abcdefgh').missing).toEqual(['co najmniej jedna cyfra']);
    expect(checkProjectPassword('12345678').missing).toEqual(['co najmniej jedna litera']);
    expect(checkProjectPassword('żaglówka1').ok).toBe(true);
  });

  it('rates strength as a hint, never above "słabe" for a password below the minimum', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('Ab1!')).toBeLessThanOrEqual(1);
    expect(passwordStrength('latarnia1')).toBe(1);
    expect(passwordStrength('Latarnia-Ustka-2027')).toBe(4);
  });
});

describe('StepOneForm', () => {
  it('shows Polish validation messages and does not go on', async () => {
    const onNext = vi.fn();
    await renderForm(<StepOneForm checkPolicy={validPolicy} onNext={onNext} />);
    await pressAndExpect('Dalej: dane osobowe', 'Nieprawidłowy adres e-mail', 'Podaj hasło', 'Wpisz hasło ponownie');

    type(/Adres e-mail/, 'ola@example.com');
    type(/^Hasło/, 'krotkie');
    type(/Powtórz hasło/, 'inne');
    await pressAndExpect(
      'Dalej: dane osobowe',
      /Hasło musi mieć: co najmniej 8 znaków, co najmniej jedna cyfra/,
      'Hasła nie są takie same',
    );
    expect(onNext).not.toHaveBeenCalled();
  });

  it('shows the identity service policy problems and the strength hint live', async () => {
    const policy = vi.fn(async () => ({
      isValid: false,
      containsUppercaseLetter: false,
      containsNonAlphanumericCharacter: false,
    }));
    await renderForm(<StepOneForm checkPolicy={policy} onNext={vi.fn()} />);
    type(/^Hasło/, 'latarnia27');
    expect(screen.getByTestId('password-strength').textContent).toContain('Siła hasła: słabe');
    await waitFor(() => expect(policy).toHaveBeenCalledWith('latarnia27'));
    expect(await screen.findByText('wielka litera')).toBeTruthy();
    expect(screen.getByText('znak specjalny (np. ! ? #)')).toBeTruthy();
  });

  it('goes on with valid data and keeps the password out of storage', async () => {
    const onNext = vi.fn();
    await renderForm(<StepOneForm checkPolicy={validPolicy} onNext={onNext} />);
    type(/Adres e-mail/, 'Ola@Example.com');
    type(/^Hasło/, 'Latarnia2027');
    type(/Powtórz hasło/, 'Latarnia2027');
    press('Dalej: dane osobowe');
    await waitFor(() => expect(onNext).toHaveBeenCalledOnce());
    expect(JSON.stringify({ ...sessionStorage })).toContain('Ola@Example.com');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('Latarnia2027');
  });

  it('shows "e-mail in use" from a failed account creation', async () => {
    act(() =>
      wizardStore.update({ email: 'zajety@example.com', emailError: 'Konto z tym adresem e-mail już istnieje.' }),
    );
    await renderForm(<StepOneForm checkPolicy={validPolicy} onNext={vi.fn()} />);
    expect(screen.getByTestId('email-in-use').textContent).toContain('Konto z tym adresem e-mail już istnieje.');
    type(/Adres e-mail/, 'inny@example.com');
    expect(screen.queryByTestId('email-in-use')).toBeNull();
  });
});

describe('StepTwoForm', () => {
  it('validates with the completeRegistration schema', async () => {
    const onNext = vi.fn();
    await renderForm(<StepTwoForm onBack={vi.fn()} onNext={onNext} />);
    type(/Telefon/, '12');
    await pressAndExpect('Dalej: zgody', 'Podaj imię', 'Podaj nazwisko', 'Nieprawidłowy numer telefonu');
    expect(onNext).not.toHaveBeenCalled();
    type(/^Imię/, 'Ola');
    type(/^Nazwisko/, 'Kowalska');
    type(/Telefon/, '+48 600 100 200');
    press('Dalej: zgody');
    expect(onNext).toHaveBeenCalledOnce();
  });
});

describe('StepThreeForm', () => {
  it('requires terms and privacy; disables the form while the account is being created', async () => {
    let finish: (v: string | null) => void = () => undefined;
    const submit = vi.fn(() => new Promise<string | null>((resolve) => (finish = resolve)));
    await renderForm(<StepThreeForm onBack={vi.fn()} onSubmit={submit} />);
    await pressAndExpect('Załóż konto', 'Zaakceptuj regulamin', 'Wyraź zgodę na przetwarzanie danych osobowych');
    expect(submit).not.toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText(/Akceptuję regulamin/));
    fireEvent.click(screen.getByLabelText(/przetwarzanie moich danych/));
    press('Załóż konto');
    expect(submit).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Wstecz' }) as HTMLButtonElement).disabled).toBe(true),
    );
    await act(async () => finish('Brak połączenia z serwerem.'));
    expect(screen.getByTestId('registration-error').textContent).toBe('Brak połączenia z serwerem.');
    expect((screen.getByRole('button', { name: 'Wstecz' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('step gate', () => {
  it('names the first step that is not valid yet', () => {
    const secrets = { password: 'Latarnia2027', passwordRepeat: 'Latarnia2027' };
    expect(firstInvalidStep(emptyWizard, secrets)).toBe('StepOne');
    const one = { ...emptyWizard, email: 'a@example.com' };
    expect(firstInvalidStep(one, { password: '', passwordRepeat: '' })).toBe('StepOne');
    expect(firstInvalidStep(one, secrets)).toBe('StepTwo');
    const two = { ...one, firstName: 'A', lastName: 'B', phone: '600100200', country: 'PL' };
    expect(firstInvalidStep(two, secrets)).toBe('StepThree');
    expect(firstInvalidStep({ ...two, terms: true, privacy: true }, secrets)).toBeNull();
  });
});
