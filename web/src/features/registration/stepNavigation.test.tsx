// The registration wizard's step changes in a real data router: while the next step loads, the
// step on screen cannot be used and says it is busy — also at the moment the router announces the
// new address, before React has drawn the next step.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { attachRealtimeApi, createStore, ThemeProviders } from '../../test/app';
import { ANNA } from '../../test/people';
import { countriesApi } from './api';
import { StepTwo } from './pages';
import { STEP_PATHS } from './WizardFrame';
import { wizardStore } from './wizardStore';

/** A promise the test settles: the next step's page chunk "arriving" when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function NextStep() {
  return <h1>Krok trzeci</h1>;
}
function FirstStep() {
  return <h1>Krok pierwszy</h1>;
}

beforeEach(() => {
  wizardStore.reset();
  wizardStore.update(ANNA);
  wizardStore.setSecrets({ password: 'Latarnia-2027', passwordRepeat: 'Latarnia-2027' });
});
afterEach(() => wizardStore.reset());

async function renderWizard() {
  const nextChunk = deferred<{ Component: typeof NextStep }>();
  const router = createMemoryRouter(
    [
      { path: STEP_PATHS.StepOne, Component: FirstStep },
      { path: STEP_PATHS.StepTwo, Component: StepTwo },
      { path: STEP_PATHS.StepThree, lazy: () => nextChunk.promise },
    ],
    { initialEntries: [STEP_PATHS.StepTwo] },
  );
  await attachRealtimeApi();
  const store = createStore();
  (store.dispatch as unknown as (action: unknown) => unknown)(
    countriesApi.util.upsertQueryData('getCountries', undefined, [{ code: 'PL', name: 'Polska' }]),
  );
  // What the screen showed each time the router announced a location.
  const seen: { path: string; heading: string | null; usable: boolean }[] = [];
  render(
    <Provider store={store}>
      <ThemeProviders>
        <RouterProvider router={router} />
      </ThemeProviders>
    </Provider>,
  );
  router.subscribe((state) =>
    seen.push({
      path: state.location.pathname,
      heading: document.querySelector('h1')?.textContent ?? null,
      usable: [...document.querySelectorAll('button')].some(
        (b) => /Wstecz|Dalej/.test(b.textContent ?? '') && !b.disabled,
      ),
    }),
  );
  return { router, nextChunk, seen };
}

describe('registration wizard step changes', () => {
  it('disables the step and shows progress while the next step loads', async () => {
    const { router, nextChunk } = await renderWizard();
    await screen.findByRole('heading', { name: 'Dane osobowe' });
    fireEvent.click(screen.getByRole('button', { name: 'Dalej: zgody' }));

    await waitFor(() => expect(screen.getByTestId('wizard-progress')).toBeTruthy());
    expect(screen.getByTestId('wizard-step').getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: /Wstecz/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /Dalej: zgody/ }) as HTMLButtonElement).disabled).toBe(true);
    // Nothing has moved yet: the address and the screen both still say step two.
    expect(router.state.location.pathname).toBe(STEP_PATHS.StepTwo);
    fireEvent.click(screen.getByRole('button', { name: /Wstecz/ }));
    expect(router.state.location.pathname).toBe(STEP_PATHS.StepTwo);

    await act(async () => nextChunk.resolve({ Component: NextStep }));
    await screen.findByRole('heading', { name: 'Krok trzeci' });
    expect(router.state.location.pathname).toBe(STEP_PATHS.StepThree);
  });

  it('never leaves a usable old step on screen once the address names the next one', async () => {
    const { nextChunk, seen } = await renderWizard();
    await screen.findByRole('heading', { name: 'Dane osobowe' });
    fireEvent.click(screen.getByRole('button', { name: 'Dalej: zgody' }));
    // Outside act(): React renders as in a browser, so a render left for later shows up here.
    nextChunk.resolve({ Component: NextStep });
    await screen.findByRole('heading', { name: 'Krok trzeci' });
    const announced = seen.filter((s) => s.path === STEP_PATHS.StepThree);
    expect(announced.length).toBeGreaterThan(0);
    for (const moment of announced) expect(moment.heading === 'Krok trzeci' || !moment.usable).toBe(true);
  });
});
