import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ThemeProviders } from '../../app/providers';
import { contrastRatio, cssVariablesResolver, theme } from './theme';
import { LiveStatus, useStatusAnnouncement } from './LiveStatus';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';

interface Order {
  id: string;
  number: string;
  status: 'pending' | 'paid' | 'cancelled';
}
// rerender keeps the wrapper, so every update stays inside the theme provider.
const renderOrders = (ui: React.ReactElement) => render(ui, { wrapper: ThemeProviders });
const LABEL = { pending: 'oczekuje na płatność', paid: 'opłacone', cancelled: 'anulowane' } as const;

function Orders({ orders }: { orders?: Order[] }) {
  const message = useStatusAnnouncement(
    orders,
    (o) => o.id,
    (o) => o.status,
    (changed) => changed.map((o) => `Zamówienie ${o.number}: ${LABEL[o.status]}.`).join(' '),
  );
  return <LiveStatus message={message} />;
}

const pending: Order[] = [
  { id: 'a', number: 'ZL/2027/0001', status: 'pending' },
  { id: 'b', number: 'ZL/2027/0002', status: 'pending' },
];

describe('LiveStatus', () => {
  it('is a polite status region on the page from the start, empty while the list loads and once it has loaded', () => {
    const { rerender } = renderOrders(<Orders />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    rerender(<Orders orders={pending} />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('');
  });

  it('reads out the order that turned paid, and only that one', () => {
    const { rerender } = renderOrders(<Orders orders={pending} />);
    rerender(<Orders orders={[pending[0], { ...pending[1], status: 'paid' }]} />);
    expect(screen.getByRole('status').textContent).toBe('Zamówienie ZL/2027/0002: opłacone.');
  });

  it('keeps the last message through updates that change no status, and ignores new and removed items', () => {
    const { rerender } = renderOrders(<Orders orders={pending} />);
    const paid = [{ ...pending[0], status: 'paid' as const }, pending[1]];
    rerender(<Orders orders={paid} />);
    rerender(<Orders orders={[...paid, { id: 'c', number: 'ZL/2027/0003', status: 'pending' }]} />);
    rerender(<Orders orders={[paid[0]]} />);
    expect(screen.getByRole('status').textContent).toBe('Zamówienie ZL/2027/0001: opłacone.');
  });

  it('names every order that changed in one update', () => {
    const { rerender } = renderOrders(<Orders orders={pending} />);
    rerender(
      <Orders
        orders={[
          { ...pending[0], status: 'cancelled' },
          { ...pending[1], status: 'paid' },
        ]}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Zamówienie ZL/2027/0001: anulowane. Zamówienie ZL/2027/0002: opłacone.',
    );
  });
});

describe('theme colours', () => {
  const resolved = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  const surfaces = { light: ['#ffffff', '#f8f9fa'], dark: ['#242424', '#2e2e2e'] } as const;

  it.each(['light', 'dark'] as const)(
    'dimmed text, links and every palette text colour read at 4.5:1 on the %s surfaces',
    (scheme) => {
      const vars = resolved[scheme];
      const texts = Object.entries(vars).filter(
        ([name]) =>
          ['--mantine-color-dimmed', '--mantine-color-anchor', '--mantine-color-placeholder'].includes(name) ||
          name.endsWith('-text'),
      );
      expect(texts.length).toBeGreaterThan(10);
      for (const [name, color] of texts)
        for (const surface of surfaces[scheme])
          expect(contrastRatio(color, surface), `${name} ${color} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('white text reads at 4.5:1 on every filled colour, and light-variant text on its own tint', () => {
    const t = mergeMantineTheme(DEFAULT_THEME, theme);
    for (const scheme of ['light', 'dark'] as const)
      for (const [name, color] of Object.entries(resolved[scheme]).filter(([n]) => n.endsWith('-filled')))
        expect(contrastRatio(color, '#ffffff'), `${scheme} ${name}`).toBeGreaterThanOrEqual(4.5);
    for (const [name, color] of Object.entries(resolved.light).filter(([n]) => n.endsWith('-light-color'))) {
      const palette = name.slice('--mantine-color-'.length, -'-light-color'.length);
      expect(contrastRatio(color, t.colors[palette][1]), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
