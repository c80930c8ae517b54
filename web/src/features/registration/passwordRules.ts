import { formatCount, NOUNS } from '../../shared/format/pl';

/**
 * The project's own password minimum (stricter than the identity service's default of 6 characters):
 * at least 8 characters with at least one letter and one digit. The identity service's policy is
 * checked as well, live, with `validatePassword` (see authOps.ts).
 */
const MIN_PASSWORD_LENGTH = 8;

interface PasswordCheck {
  ok: boolean;
  /** Polish descriptions of the unmet requirements. */
  missing: string[];
}

export function checkProjectPassword(password: string): PasswordCheck {
  const missing: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH)
    missing.push(`co najmniej ${formatCount(MIN_PASSWORD_LENGTH, NOUNS.character)}`);
  if (!/\p{L}/u.test(password)) missing.push('co najmniej jedna litera');
  if (!/\d/.test(password)) missing.push('co najmniej jedna cyfra');
  return { ok: missing.length === 0, missing };
}

type Strength = 0 | 1 | 2 | 3 | 4;
export const STRENGTH_LABELS: Record<Strength, string> = {
  0: 'bardzo słabe',
  1: 'słabe',
  2: 'średnie',
  3: 'dobre',
  4: 'silne',
};
export const STRENGTH_COLORS: Record<Strength, string> = { 0: 'red', 1: 'red', 2: 'yellow', 3: 'teal', 4: 'green' };

/** A hint, not a rule: length and variety of characters. */
export function passwordStrength(password: string): Strength {
  if (!password) return 0;
  let score = 0;
  if (password.length >= MIN_PASSWORD_LENGTH) score++;
  if (password.length >= 12) score++;
  if (/\p{Ll}/u.test(password) && /\p{Lu}/u.test(password)) score++;
  if (/\d/.test(password) && /[^\p{L}\d]/u.test(password)) score++;
  if (!checkProjectPassword(password).ok) score = Math.min(score, 1);
  return Math.min(score, 4) as Strength;
}

/** The identity service's verdict, in the shape firebase/auth's `validatePassword` returns. */
export interface PolicyStatus {
  isValid: boolean;
  meetsMinPasswordLength?: boolean;
  meetsMaxPasswordLength?: boolean;
  containsLowercaseLetter?: boolean;
  containsUppercaseLetter?: boolean;
  containsNumericCharacter?: boolean;
  containsNonAlphanumericCharacter?: boolean;
  passwordPolicy?: { customStrengthOptions?: { minPasswordLength?: number; maxPasswordLength?: number } };
}

export function policyMessages(status: PolicyStatus): string[] {
  if (status.isValid) return [];
  const out: string[] = [];
  const opts = status.passwordPolicy?.customStrengthOptions ?? {};
  if (status.meetsMinPasswordLength === false)
    out.push(`co najmniej ${formatCount(opts.minPasswordLength ?? 6, NOUNS.character)} (wymóg usługi logowania)`);
  if (status.meetsMaxPasswordLength === false)
    out.push(`najwyżej ${formatCount(opts.maxPasswordLength ?? 4096, NOUNS.character)}`);
  if (status.containsLowercaseLetter === false) out.push('mała litera');
  if (status.containsUppercaseLetter === false) out.push('wielka litera');
  if (status.containsNumericCharacter === false) out.push('cyfra');
  if (status.containsNonAlphanumericCharacter === false) out.push('znak specjalny (np. ! ? #)');
  if (out.length === 0) out.push('hasło nie spełnia zasad usługi logowania');
  return out;
}
