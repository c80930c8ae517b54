import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { updateProfileInput } from '@domain/callables';
import type { Profile } from '@domain/schemas';
import { ANNA } from '../../test/people';
import { renderForm } from '../../test/renderForm';
import { ProfileForm, type SaveFailure } from './ProfileForm';
import type { ProfileEdit } from './api';

const profile: Profile = {
  ...ANNA,
  consents: { terms: true, privacy: true, marketing: false, acceptedAt: 1 },
  invoice: {
    kind: 'company',
    name: 'Żagle Sp. z o.o.',
    nip: '5260250274',
    street: 'ul. Portowa 1',
    postalCode: '76-270',
    city: 'Ustka',
    country: 'PL',
  },
  pickupCode: 'KDALA234',
  createdAt: 1,
  updatedAt: 1,
};

const nipInput = () => screen.getByLabelText(/^NIP/) as HTMLInputElement;

describe('ProfileForm', () => {
  it('accepts a NIP typed with dashes and sends what the server stores as 10 digits', async () => {
    const onSave = vi.fn(async (_edit: ProfileEdit): Promise<SaveFailure | null> => null);
    await renderForm(<ProfileForm profile={profile} onSave={onSave} />);
    fireEvent.change(nipInput(), { target: { value: '526-025-02-74' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz dane' }));
    expect(await screen.findByText('Zapisano dane.')).toBeTruthy();
    const sent = onSave.mock.calls[0][0];
    expect(updateProfileInput.parse(sent).invoice).toMatchObject({ kind: 'company', nip: '5260250274' });
  });

  it('shows the server’s refusal next to the field it names, until that field changes', async () => {
    const onSave = vi.fn(async (): Promise<SaveFailure | null> => ({
      message: 'Ten NIP nie istnieje w rejestrze',
      field: 'invoice.nip',
    }));
    await renderForm(<ProfileForm profile={profile} onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz dane' }));
    expect(await screen.findByText('Ten NIP nie istnieje w rejestrze')).toBeTruthy();
    expect(nipInput().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('profile-result').textContent).toBe('Nie zapisano: popraw zaznaczone pole.');
    fireEvent.change(nipInput(), { target: { value: '526-025-02-74' } });
    await waitFor(() => expect(screen.queryByText('Ten NIP nie istnieje w rejestrze')).toBeNull());
  });

  it('sends no invoice data (null) when the switch is off', async () => {
    const onSave = vi.fn(async (_edit: ProfileEdit): Promise<SaveFailure | null> => null);
    await renderForm(<ProfileForm profile={profile} onSave={onSave} />);
    fireEvent.click(screen.getByLabelText(/Zapisz dane do faktury/));
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz dane' }));
    await screen.findByText('Zapisano dane.');
    expect(onSave.mock.calls[0][0].invoice).toBeNull();
  });
});
