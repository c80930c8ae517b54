import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateSeed } from '../src/validate.js';
import { planSeed, type CurrentState } from '../src/plan.js';
import { ROOT } from './emulators.js';

const T0 = 1_790_000_000_000;
const T1 = T0 + 60_000;
const load = (change: (file: any) => void = () => {}) => {
  const file = JSON.parse(readFileSync(path.join(ROOT, 'seed', 'event.example.json'), 'utf8'));
  change(file);
  const result = validateSeed(file);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.data;
};
const EMPTY: CurrentState = {
  event: null,
  countries: null,
  ticketTypes: null,
  products: null,
  archivedTicketTypes: null,
  archivedProducts: null,
};

/** The database after applying a plan's updates to `state` (the same semantics as a multi-path update). */
function apply(state: CurrentState, updates: Record<string, unknown>): CurrentState {
  const next = structuredClone(state) as any;
  for (const [key, value] of Object.entries(updates)) {
    const parts = key.split('/');
    let node = next;
    for (const part of parts.slice(0, -1)) node = node[part] ??= {};
    if (value === null) delete node[parts.at(-1)!];
    else node[parts.at(-1)!] = structuredClone(value);
  }
  return next;
}

describe('planning a seed', () => {
  it('creates everything on an empty database, with sold counters at 0', () => {
    const { updates, changes, problems } = planSeed(load(), EMPTY, { now: T0 });
    expect(problems).toEqual([]);
    expect(changes.every((c) => c.action === 'created')).toBe(true);
    expect((updates['ticketTypes/karnet-3-dniowy'] as any).sold).toBe(0);
    expect((updates['products/koszulka-baltyk'] as any).variants.XL.sold).toBe(0);
  });

  it('plans nothing the second time', () => {
    const first = planSeed(load(), EMPTY, { now: T0 });
    const second = planSeed(load(), apply(EMPTY, first.updates), { now: T1 });
    expect(second.updates).toEqual({});
    expect(second.changes.every((c) => c.action === 'unchanged')).toBe(true);
  });

  it('changes a price field by field and never touches sold', () => {
    const state = apply(EMPTY, planSeed(load(), EMPTY, { now: T0 }).updates) as any;
    state.ticketTypes['karnet-3-dniowy'].sold = 42;
    state.products['koszulka-baltyk'].variants.M.sold = 7;
    const { updates, changes } = planSeed(
      load((f) => {
        f.ticketTypes['karnet-3-dniowy'].priceGrosze = 19900;
        f.products['koszulka-baltyk'].variants.M.stock = 90;
      }),
      state,
      { now: T1 },
    );
    expect(updates).toEqual({
      'ticketTypes/karnet-3-dniowy/priceGrosze': 19900,
      'ticketTypes/karnet-3-dniowy/updatedAt': T1,
      'products/koszulka-baltyk/variants/M/stock': 90,
      'products/koszulka-baltyk/updatedAt': T1,
    });
    expect(changes.filter((c) => c.action === 'updated').map((c) => c.id)).toEqual([
      'karnet-3-dniowy',
      'koszulka-baltyk',
    ]);
  });

  it('--reset puts the sold counters back to 0', () => {
    const state = apply(EMPTY, planSeed(load(), EMPTY, { now: T0 }).updates) as any;
    state.ticketTypes['bilet-dzieciecy'].sold = 3;
    state.products['kubek-latarnia'].variants.standard.sold = 5;
    const { updates } = planSeed(load(), state, { now: T1, reset: true });
    expect(updates['ticketTypes/bilet-dzieciecy/sold']).toBe(0);
    expect(updates['products/kubek-latarnia/variants/standard/sold']).toBe(0);
    expect(Object.keys(updates).filter((k) => k.endsWith('/sold'))).toHaveLength(2);
  });

  it('removes a field the file no longer has', () => {
    const state = apply(EMPTY, planSeed(load(), EMPTY, { now: T0 }).updates);
    const { updates } = planSeed(
      load((f) => delete f.ticketTypes['karnet-3-dniowy'].saleEnd),
      state,
      { now: T1 },
    );
    expect(updates).toEqual({
      'ticketTypes/karnet-3-dniowy/saleEnd': null,
      'ticketTypes/karnet-3-dniowy/updatedAt': T1,
    });
  });

  it('adds a new variant with sold 0 and keeps variants and items missing from the file', () => {
    const state = apply(EMPTY, planSeed(load(), EMPTY, { now: T0 }).updates) as any;
    state.products['koszulka-baltyk'].variants.XS = { label: 'XS', stock: 5, sold: 2, sortOrder: 5 };
    state.ticketTypes.vip = { name: 'VIP', sold: 1 };
    const { updates, changes } = planSeed(
      load((f) => (f.products['kubek-latarnia'].variants.duzy = { label: '500 ml', stock: 50, sortOrder: 20 })),
      state,
      { now: T1 },
    );
    expect(updates['products/kubek-latarnia/variants/duzy']).toEqual({
      label: '500 ml',
      stock: 50,
      sortOrder: 20,
      sold: 0,
    });
    expect(Object.keys(updates).some((k) => k.includes('/XS') || k.startsWith('ticketTypes/vip'))).toBe(false);
    expect(changes).toContainEqual({ section: 'ticketTypes', id: 'vip', action: 'kept' });
    expect(changes).toContainEqual({
      section: 'products',
      id: 'koszulka-baltyk',
      action: 'kept',
      detail: 'warianty spoza pliku pozostawione: XS',
    });
  });

  it('refuses a quota or stock below what is already sold, and archived ids', () => {
    const state = apply(EMPTY, planSeed(load(), EMPTY, { now: T0 }).updates) as any;
    state.ticketTypes['bilet-jednodniowy'].sold = 100;
    state.products['bluza-sztorm'].variants.S.sold = 15;
    state.archivedProducts = { 'kubek-latarnia': { name: 'stary kubek' } };
    const { problems } = planSeed(
      load((f) => {
        f.ticketTypes['bilet-jednodniowy'].quota = 99;
        f.products['bluza-sztorm'].variants.S.stock = 10;
      }),
      state,
      { now: T1 },
    );
    expect(problems).toEqual([
      {
        path: 'ticketTypes.bilet-jednodniowy.quota',
        message: 'Pula (99) mniejsza niż liczba sprzedanych i zarezerwowanych biletów (100)',
      },
      {
        path: 'products.bluza-sztorm.variants.S.stock',
        message: 'Stan (10) mniejszy niż liczba sprzedanych i zarezerwowanych sztuk (15)',
      },
      {
        path: 'products.kubek-latarnia',
        message:
          'Produkt „kubek-latarnia” jest zarchiwizowany – przywróć go w panelu administratora albo użyj innego identyfikatora',
      },
    ]);
  });

  it('replaces the country list when it differs', () => {
    const state = apply(EMPTY, planSeed(load(), EMPTY, { now: T0 }).updates) as any;
    delete state.countries.LT;
    state.countries.XX = 'Iksland';
    const { updates, changes } = planSeed(load(), state, { now: T1 });
    expect(Object.keys(updates)).toEqual(['countries']);
    expect(changes).toContainEqual({ section: 'countries', action: 'updated', detail: 'dodano 1, usunięto 1' });
  });
});
