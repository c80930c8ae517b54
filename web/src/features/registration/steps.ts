import { z } from 'zod';
import { completeRegistrationInput } from '@domain/callables';
import { consentsSchema, emailSchema } from '@domain/schemas';
import { schemaErrors } from '../../shared/ui/formErrors';
import { checkProjectPassword } from './passwordRules';
import type { WizardData, WizardSecrets } from './wizardStore';

export const stepTwoSchema = completeRegistrationInput.pick({
  firstName: true,
  lastName: true,
  phone: true,
  country: true,
});
export const stepThreeSchema = consentsSchema;

/** The e-mail of StepOne, as `completeRegistration`'s account will have it. */
export const stepOneSchema = z.strictObject({ email: emailSchema });

/** The password rules no schema holds: the project's minimum, and the same password typed twice. */
export function passwordErrors(secrets: WizardSecrets): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!secrets.password) errors.password = 'Podaj hasło';
  else {
    const check = checkProjectPassword(secrets.password);
    if (!check.ok) errors.password = `Hasło musi mieć: ${check.missing.join(', ')}`;
  }
  if (!secrets.passwordRepeat) errors.passwordRepeat = 'Wpisz hasło ponownie';
  else if (secrets.password !== secrets.passwordRepeat) errors.passwordRepeat = 'Hasła nie są takie same';
  return errors;
}

function stepOneErrors(data: Pick<WizardData, 'email'>, secrets: WizardSecrets): Record<string, string> {
  return { ...passwordErrors(secrets), ...schemaErrors(stepOneSchema, { email: data.email }) };
}

function stepTwoErrors(data: WizardData): Record<string, string> {
  return schemaErrors(stepTwoSchema, {
    firstName: data.firstName,
    lastName: data.lastName,
    phone: data.phone,
    country: data.country,
  });
}

function stepThreeErrors(data: WizardData): Record<string, string> {
  return schemaErrors(stepThreeSchema, { terms: data.terms, privacy: data.privacy, marketing: data.marketing });
}

/** The first step whose data is not valid yet; later steps redirect there. */
export function firstInvalidStep(data: WizardData, secrets: WizardSecrets): 'StepOne' | 'StepTwo' | 'StepThree' | null {
  if (Object.keys(stepOneErrors(data, secrets)).length > 0 || data.emailError) return 'StepOne';
  if (Object.keys(stepTwoErrors(data)).length > 0) return 'StepTwo';
  if (Object.keys(stepThreeErrors(data)).length > 0) return 'StepThree';
  return null;
}
