import { useState } from 'react';

/**
 * The state of a submit whose success leaves the screen (the account is created, or deleted): the
 * form stays busy from the click on, because a success navigates away, and only a failure ends the
 * wait, with its message shown in the form so the user can try again.
 */
export function useLeavingSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Runs the action, which resolves with the failure's message or null on success. */
  async function submit(action: () => Promise<string | null>) {
    setBusy(true);
    setError(null);
    const failure = await action();
    if (failure) {
      setError(failure);
      setBusy(false);
    }
  }

  return { busy, error, submit };
}
