import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { ReturnAction } from './ReturnAction';
import type { StationItem } from './api';

const picked: StationItem = {
  id: 'o1-l2',
  orderId: 'o1',
  label: 'Koszulka „Bałtyk” (M)',
  quantity: 2,
  status: 'picked',
  createdAt: 1,
  pickedAt: 2,
  pickedBy: 's1',
  pickedByName: 'Stanisław Bosman',
};

describe('„Przyjmij zwrot” at the pickup station', () => {
  it('asks once more before recording a return, and can be called off', () => {
    renderWithTheme(<ReturnAction uid="u1" item={picked} />);
    fireEvent.click(screen.getByRole('button', { name: 'Przyjmij zwrot: Koszulka „Bałtyk” (M)' }));
    expect(screen.getByTestId('return-confirm').textContent).toContain(
      'Czy Koszulka „Bałtyk” (M) (2 szt.) wraca do punktu odbioru?',
    );
    expect(screen.getByRole('button', { name: 'Tak, przyjmij zwrot' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByTestId('return-confirm')).toBeNull();
    expect(screen.getByRole('button', { name: 'Przyjmij zwrot: Koszulka „Bałtyk” (M)' })).toBeTruthy();
  });
});
