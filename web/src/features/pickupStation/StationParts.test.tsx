import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { ItemRow, SelectableItem } from './StationParts';
import type { StationItem } from './api';

const waiting: StationItem = {
  id: 'i1',
  orderId: 'o1',
  label: 'Koszulka „Bałtyk” (M)',
  quantity: 2,
  status: 'waiting',
  createdAt: 1,
  memberName: 'Zosia Nowak',
};
const picked: StationItem = {
  ...waiting,
  id: 'i2',
  status: 'picked',
  pickedAt: Date.UTC(2026, 6, 1, 10, 0),
  pickedBy: 's1',
  pickedByName: 'Stanisław Bosman',
};

describe('pickup station items', () => {
  it('a waiting item toggles its selection when the card is tapped', () => {
    const onChange = vi.fn();
    renderWithTheme(<SelectableItem item={waiting} checked={false} onChange={onChange} />);
    expect(screen.getByText('dla: Zosia Nowak')).toBeTruthy();
    expect(screen.getByTestId('pickup-status').textContent).toBe('do odbioru');
    fireEvent.click(screen.getByTestId('station-item'));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('a handed-out item cannot be selected and says who handed it out and when', () => {
    const onChange = vi.fn();
    renderWithTheme(<SelectableItem item={picked} checked={false} onChange={onChange} />);
    fireEvent.click(screen.getByTestId('station-item'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('pickup-status').textContent).toBe('odebrane');
    expect(screen.getByText('wydano 01.07.2026, 12:00 · wydał(a): Stanisław Bosman')).toBeTruthy();
  });

  it('the read-only row shows the quantity', () => {
    renderWithTheme(<ItemRow item={waiting} />);
    expect(screen.getByTestId('station-item').textContent).toContain('× 2');
  });
});
