import { useSyncExternalStore } from 'react';
import type { PersonDetailsValues } from '../../shared/ui/PersonFields';

/**
 * Registration wizard data. Everything except the password lives in sessionStorage, so going back,
 * a reload or a closed-and-reopened tab within the session keeps what was typed; the password stays
 * in memory only (never in any storage) and has to be typed again after a reload.
 */
export interface WizardData extends PersonDetailsValues {
  email: string;
  terms: boolean;
  privacy: boolean;
  marketing: boolean;
  /** Set by a refusal of the identity service on account creation (shown on StepOne). */
  emailError: string | null;
  /** The e-mail of the account created in this session; SuccessStep shows it. */
  completedEmail: string | null;
}

export interface WizardSecrets {
  password: string;
  passwordRepeat: string;
}

const STORAGE_KEY = 'panel.registration';

export const emptyWizard: WizardData = {
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  country: 'PL',
  terms: false,
  privacy: false,
  marketing: false,
  emailError: null,
  completedEmail: null,
};

function read(): WizardData {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return emptyWizard;
    const parsed = JSON.parse(raw) as Partial<WizardData>;
    return { ...emptyWizard, ...parsed };
  } catch {
    return emptyWizard;
  }
}

let data: WizardData | null = null;
let secrets: WizardSecrets = { password: '', passwordRepeat: '' };
const listeners = new Set<() => void>();

function current(): WizardData {
  data ??= read();
  return data;
}

function emit() {
  for (const l of listeners) l();
}

export const wizardStore = {
  get: current,
  secrets: () => secrets,
  update(patch: Partial<WizardData>) {
    data = { ...current(), ...patch };
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(data));
    } catch {
      // Storage full or disabled: the data still lives in memory for this page's lifetime.
    }
    emit();
  },
  setSecrets(next: WizardSecrets) {
    secrets = next;
    emit();
  },
  /** After success: forget the form but remember which account was created. */
  finish(email: string) {
    secrets = { password: '', passwordRepeat: '' };
    this.update({ ...emptyWizard, completedEmail: email });
  },
  reset() {
    secrets = { password: '', passwordRepeat: '' };
    data = emptyWizard;
    try {
      sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // ignore
    }
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

let snapshot: { data: WizardData; secrets: WizardSecrets } | null = null;
function getSnapshot() {
  const d = current();
  if (!snapshot || snapshot.data !== d || snapshot.secrets !== secrets) snapshot = { data: d, secrets };
  return snapshot;
}

export function useWizard() {
  return useSyncExternalStore(wizardStore.subscribe, getSnapshot);
}
