import { describe, expect, it, vi } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { buildRoutes } from './createRouter';
import { routeTable, type RouteDef } from './routeTable';
import { isRouteMeta } from '../../shared/routing/meta';
import type { AuthState } from '../../features/auth';

const signedOut: AuthState = {
  status: 'signedOut',
  user: null,
  claims: { admin: false, staff: false },
  error: null,
  provisional: false,
};
const session = {
  whenKnown: async (): Promise<AuthState> => signedOut,
  whenConfirmed: async (): Promise<AuthState> => signedOut,
  refresh: async () => undefined,
};

function leafFor(routes: RouteObject[], path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  return matches[matches.length - 1]?.route;
}

describe('route table', () => {
  const routes = buildRoutes(routeTable, session);

  it('has every path of original-spec section 2', () => {
    const paths = [
      '/',
      '/rejestracja',
      '/rejestracja/registration_steps/StepOne',
      '/rejestracja/registration_steps/StepTwo',
      '/rejestracja/registration_steps/StepThree',
      '/rejestracja/registration_steps/SuccessStep',
      '/remindPassword',
      '/dashboard',
      '/dashboard/admin',
      '/dashboard/faktury',
      '/dashboard/faktury/uid123-FV-2026-000001',
      '/dashboard/odbierz',
      '/dashboard/odbierz/Add',
      '/dashboard/odbierz/User',
      '/dashboard/sklepik',
      '/dashboard/sklepik/-Nx1abc',
      '/dashboard/sklepik/merch/MerchStepOne',
      '/dashboard/sklepik/merch/MerchStepTwo',
      '/dashboard/sklepik/merch/MerchStepThree',
      '/dashboard/sklepik/MerchBasket',
      '/dashboard/statystyki',
      '/dashboard/uczestnicy',
      '/dashboard/uczestnicy/member/addMember',
      '/dashboard/uczestnicy/member/deleteMemberModal',
      '/dashboard/uczestnicy/member/detailMember',
      '/dashboard/uczestnicy/TicketBasket',
      '/dashboard/uczestnicy/basket/TicketsStepOne',
      '/dashboard/uczestnicy/basket/TicketsStepTwo',
      '/dashboard/ustawienia',
      '/dashboard/zamowienia',
    ];
    for (const path of paths) {
      const leaf = leafFor(routes, path);
      expect(leaf?.path, path).not.toBe('*');
      expect(isRouteMeta(leaf?.handle), path).toBe(true);
    }
    expect(leafFor(routes, '/dashboard/sklepik/MerchBasket')?.path).toBe('/dashboard/sklepik/MerchBasket');
    expect(leafFor(routes, '/nie-ma-takiej-strony')?.path).toBe('*');
  });

  it('puts every /dashboard route in the dashboard layout behind the auth guard', () => {
    for (const def of routeTable.filter((d) => d.path.startsWith('/dashboard'))) {
      expect(def.layout, def.path).toBe('dashboard');
      expect(def.guards?.[0], def.path).toBe('auth');
    }
    for (const def of routeTable.filter((d) => !d.path.startsWith('/dashboard')))
      expect(def.layout, def.path).toBe('default');
  });

  it('builds breadcrumbs from the parent chain', () => {
    const leaf = leafFor(routes, '/dashboard/uczestnicy/basket/TicketsStepTwo');
    const meta = leaf?.handle;
    expect(isRouteMeta(meta) && meta.crumbs.map((c) => c.title)).toEqual([
      'Panel',
      'Uczestnicy',
      'Koszyk biletów',
      'Zakup biletów: przegląd',
      'Zakup biletów: dane nabywcy',
    ]);
  });

  it('throws at start-up for an unknown guard name', () => {
    const bad: RouteDef[] = [{ ...routeTable[0], guards: ['auht'] }];
    expect(() => buildRoutes(bad, session)).toThrow('Unknown route guard: "auht"');
  });

  it('on the page load hands a dashboard page to the frame as a lazy component until its chunk is in; later navigations wait for it', async () => {
    type Lazy = () => Promise<{ Component: unknown }>;
    const lazyOf = (table: RouteObject[], path: string) => leafFor(table, path)?.lazy as Lazy;
    const firstLoad = buildRoutes(routeTable, session, { isFirstLoad: () => true });
    const { DashboardHomePage } = await import('../../features/home/pages');
    const { SignInPage } = await import('../../features/auth/pages');

    const FirstLoadPage = (await lazyOf(firstLoad, '/dashboard')()).Component as () => { type: unknown };
    // While the page's chunk is on its way: React.lazy, so the frame paints meanwhile.
    expect((FirstLoadPage().type as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    // Once it is in: the page itself, so the frame and the page paint together (no Suspense round).
    await vi.waitFor(() => expect(FirstLoadPage().type).toBe(DashboardHomePage));
    expect((await lazyOf(routes, '/dashboard')()).Component).toBe(DashboardHomePage);
    // Pages outside the dashboard frame have no Suspense around them: always loaded first.
    expect((await lazyOf(firstLoad, '/')()).Component).toBe(SignInPage);
  });

  it('rejects a malformed invoice key with 404', async () => {
    const leaf = leafFor(routes, '/dashboard/faktury/nodash');
    const loader = leaf?.loader as (args: { request: Request; params: Record<string, string> }) => Promise<unknown>;
    const error = (await loader({
      request: new Request('http://x/dashboard/faktury/nodash'),
      params: { invoiceKey: 'nodash' },
    }).catch((e: unknown) => e)) as { init: ResponseInit };
    // A thrown `data()` value; the router turns it into the ErrorResponse the error page renders.
    expect(error.init.status).toBe(404);
    expect(error.init.statusText).toBe('Page not found: /dashboard/faktury/nodash');
  });
});
