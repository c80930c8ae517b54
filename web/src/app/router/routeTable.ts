import type { ComponentType } from 'react';
import type { LayoutName, TransitionName } from '../../shared/routing/meta';

/**
 * One lazily loaded chunk per feature area: every page of an area comes from its `pages` module, so
 * Vite emits exactly one chunk per area.
 */
export const areas = {
  auth: () => import('../../features/auth/pages'),
  registration: () => import('../../features/registration/pages'),
  home: () => import('../../features/home/pages'),
  members: () => import('../../features/members/pages'),
  tickets: () => import('../../features/tickets/pages'),
  shop: () => import('../../features/shop/pages'),
  orders: () => import('../../features/orders/pages'),
  invoices: () => import('../../features/invoices/pages'),
  pickup: () => import('../../features/pickup/pages'),
  pickupStation: () => import('../../features/pickupStation/pages'),
  stats: () => import('../../features/stats/pages'),
  settings: () => import('../../features/settings/pages'),
  admin: () => import('../admin/pages'),
} satisfies Record<string, () => Promise<Record<string, ComponentType>>>;

type Area = keyof typeof areas;
type PageOf<A extends Area> = Extract<keyof Awaited<ReturnType<(typeof areas)[A]>>, string>;

export interface RouteDef<A extends Area = Area> {
  /** Exactly the path of original-spec section 2; `:param` for a dynamic segment. */
  path: string;
  title: string;
  /** Path of the breadcrumb parent. */
  parent?: string;
  area: A;
  page: PageOf<A>;
  layout: LayoutName;
  transition?: TransitionName;
  guards?: readonly string[];
  /** Rejects malformed dynamic segments with a 404 before the page loads. */
  validParams?: (params: Record<string, string | undefined>) => boolean;
}

function route<A extends Area>(def: RouteDef<A>): RouteDef {
  return def as unknown as RouteDef;
}

const signedIn = ['auth'] as const;
/** Pages whose content depends on a role: the token is refreshed before entering. */
const signedInFresh = ['auth', 'refresh'] as const;

/** A page of one area as the area's list gives it: the area, layout and guards are the list's. */
type AreaPage<A extends Area> = Omit<RouteDef<A>, 'area' | 'layout' | 'guards'>;

/** The signed-out pages of one area, in the default layout. */
function publicPages<A extends Area>(area: A, pages: readonly AreaPage<A>[]): RouteDef[] {
  return pages.map((page) => route({ ...page, area, layout: 'default' }));
}

/** The pages of one area in the dashboard layout, all behind the same guards. */
function dashboardPages<A extends Area>(
  area: A,
  pages: readonly AreaPage<A>[],
  guards: readonly string[] = signedIn,
): RouteDef[] {
  return pages.map((page) => route({ ...page, area, layout: 'dashboard', guards }));
}

const REG = '/rejestracja';
const STEPS = `${REG}/registration_steps`;
const D = '/dashboard';
const MEMBERS = `${D}/uczestnicy`;
const TICKETS_STEP_ONE = `${MEMBERS}/basket/TicketsStepOne`;
const SHOP = `${D}/sklepik`;
const MERCH = `${SHOP}/merch`;
const INVOICES = `${D}/faktury`;
const PICKUP = `${D}/odbierz`;

/** A registration step: it slides in under the registration page. */
const step = (page: 'StepOne' | 'StepTwo' | 'StepThree' | 'SuccessStep', title: string) =>
  ({ path: `${STEPS}/${page}`, title, parent: REG, page, transition: 'slide' }) as const;

export const routeTable: readonly RouteDef[] = [
  // Default layout: sign-in, registration, password reminder.
  ...publicPages('auth', [{ path: '/', title: 'Logowanie', page: 'SignInPage' }]),
  ...publicPages('registration', [
    { path: REG, title: 'Rejestracja', page: 'RegistrationPage', transition: 'slide' },
    step('StepOne', 'Krok 1: dane logowania'),
    step('StepTwo', 'Krok 2: dane osobowe'),
    step('StepThree', 'Krok 3: zgody'),
    step('SuccessStep', 'Rejestracja zakończona'),
    { path: '/remindPassword', title: 'Przypomnienie hasła', page: 'RemindPasswordPage' },
  ]),

  // Dashboard layout.
  ...dashboardPages('home', [{ path: D, title: 'Panel', page: 'DashboardHomePage' }]),
  ...dashboardPages('members', [
    { path: MEMBERS, title: 'Uczestnicy', parent: D, page: 'MembersPage' },
    { path: `${MEMBERS}/member/addMember`, title: 'Dodaj uczestnika', parent: MEMBERS, page: 'AddMemberPage' },
    {
      path: `${MEMBERS}/member/detailMember`,
      title: 'Szczegóły uczestnika',
      parent: MEMBERS,
      page: 'DetailMemberPage',
    },
    {
      path: `${MEMBERS}/member/deleteMemberModal`,
      title: 'Usuń uczestnika',
      parent: MEMBERS,
      page: 'DeleteMemberPage',
    },
  ]),
  ...dashboardPages('tickets', [
    { path: `${MEMBERS}/TicketBasket`, title: 'Koszyk biletów', parent: MEMBERS, page: 'TicketBasketPage' },
    {
      path: TICKETS_STEP_ONE,
      title: 'Zakup biletów: przegląd',
      parent: `${MEMBERS}/TicketBasket`,
      page: 'TicketsStepOne',
      transition: 'slide',
    },
    {
      path: `${MEMBERS}/basket/TicketsStepTwo`,
      title: 'Zakup biletów: dane nabywcy',
      parent: TICKETS_STEP_ONE,
      page: 'TicketsStepTwo',
      transition: 'slide',
    },
  ]),
  ...dashboardPages('shop', [
    { path: SHOP, title: 'Sklepik', parent: D, page: 'ShopPage' },
    { path: `${SHOP}/MerchBasket`, title: 'Koszyk', parent: SHOP, page: 'MerchBasketPage' },
    {
      path: `${MERCH}/MerchStepOne`,
      title: 'Zamówienie: przegląd',
      parent: `${SHOP}/MerchBasket`,
      page: 'MerchStepOne',
      transition: 'slide',
    },
    {
      path: `${MERCH}/MerchStepTwo`,
      title: 'Zamówienie: dane nabywcy',
      parent: `${MERCH}/MerchStepOne`,
      page: 'MerchStepTwo',
      transition: 'slide',
    },
    {
      path: `${MERCH}/MerchStepThree`,
      title: 'Zamówienie: potwierdzenie',
      parent: `${MERCH}/MerchStepTwo`,
      page: 'MerchStepThree',
      transition: 'slide',
    },
    { path: `${SHOP}/:id`, title: 'Produkt', parent: SHOP, page: 'ShopItemPage' },
  ]),
  ...dashboardPages('orders', [{ path: `${D}/zamowienia`, title: 'Zamówienia', parent: D, page: 'OrdersPage' }]),
  ...dashboardPages('invoices', [
    { path: INVOICES, title: 'Faktury', parent: D, page: 'InvoicesPage' },
    {
      path: `${INVOICES}/:invoiceKey`,
      title: 'Faktura',
      parent: INVOICES,
      page: 'InvoiceDetailPage',
      // `{userId}-{invoiceId}`: user ids never contain "-", so the first "-" separates the two.
      validParams: ({ invoiceKey }) => /^[^-]+-.+$/.test(invoiceKey ?? ''),
    },
  ]),
  ...dashboardPages('pickup', [{ path: PICKUP, title: 'Odbiór', parent: D, page: 'PickupPage' }], signedInFresh),
  ...dashboardPages(
    'pickupStation',
    [
      { path: `${PICKUP}/User`, title: 'Wyszukaj osobę', parent: PICKUP, page: 'PickupUserPage' },
      { path: `${PICKUP}/Add`, title: 'Wydaj przedmioty', parent: PICKUP, page: 'PickupAddPage' },
    ],
    signedInFresh,
  ),
  ...dashboardPages(
    'stats',
    [{ path: `${D}/statystyki`, title: 'Statystyki', parent: D, page: 'StatsPage' }],
    signedInFresh,
  ),
  ...dashboardPages('settings', [{ path: `${D}/ustawienia`, title: 'Ustawienia', parent: D, page: 'SettingsPage' }]),
  ...dashboardPages(
    'admin',
    [{ path: `${D}/admin`, title: 'Administracja', parent: D, page: 'AdminPage' }],
    signedInFresh,
  ),
];
