import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/**
 * The fields that say who someone is and how to reach them, one of each for every form that asks
 * (registration, settings, participants, password reset): the same label, `name` (what autofill and
 * the end-to-end tests know a field by), limits and keyboard everywhere. The owning form spreads its
 * `getInputProps` over them, so validation and messages stay the form's.
 */

/** The values of a form that asks who someone is (`NameFields`, `PhoneField`, a country): registration and settings. */
export interface PersonDetailsValues {
  firstName: string;
  lastName: string;
  phone: string;
  country: string;
}

/** The address an account signs in with. */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput
      label="Adres e-mail"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      {...props}
    />
  );
}

/** A contact phone number. */
export function PhoneField(props: TextInputProps) {
  return <TextInput label="Telefon" name="phone" type="tel" autoComplete="tel" inputMode="tel" required {...props} />;
}

/**
 * A password: `current` lets the browser fill in the saved one, `new` lets it offer to generate and
 * save one. The rules (project minimum, repeat) are the owning form's.
 */
export function PasswordField({ purpose, ...props }: PasswordInputProps & { purpose: 'current' | 'new' }) {
  return <PasswordInput autoComplete={`${purpose}-password`} required {...props} />;
}

/** What a new password must contain, the project's own minimum (`checkProjectPassword`). */
export const NEW_PASSWORD_HINT = 'Co najmniej 8 znaków, w tym litera i cyfra.';

interface NameFieldsProps<Values> {
  /** The owning form; its values hold `firstName` and `lastName`. */
  form: UseFormReturnType<Values>;
  /** The signed-in person's own name: the browser may fill it in from theirs. */
  own?: boolean;
  disabled?: boolean;
  /** Shown but kept (the account holder's own participant entry); filled so it reads as fixed. */
  readOnly?: boolean;
}

const NAME_PARTS = [
  { path: 'firstName', label: 'Imię', autoComplete: 'given-name' },
  { path: 'lastName', label: 'Nazwisko', autoComplete: 'family-name' },
] as const;

/** First and last name, each up to 60 characters (the domain's limit); the caller lays them out. */
export function NameFields<Values>({ form, own = false, disabled, readOnly }: NameFieldsProps<Values>) {
  return NAME_PARTS.map(({ path, label, autoComplete }) => (
    <TextInput
      key={path}
      label={label}
      name={path}
      autoComplete={own ? autoComplete : undefined}
      required
      maxLength={60}
      disabled={disabled}
      readOnly={readOnly}
      variant={readOnly ? 'filled' : undefined}
      {...form.getInputProps(path)}
    />
  ));
}
