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

export type Area = keyof typeof areas;
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

const REG = '/rejestracja';
const STEPS = `${REG}/registration_steps`;
const D = '/dashboard';

export const routeTable: readonly RouteDef[] = [
  // Default layout: sign-in, registration, password reminder.
  route({ path: '/', title: 'Logowanie', area: 'auth', page: 'SignInPage', layout: 'default' }),
  route({
    path: REG,
    title: 'Rejestracja',
    area: 'registration',
    page: 'RegistrationPage',
    layout: 'default',
    transition: 'slide',
  }),
  route({
    path: `${STEPS}/StepOne`,
    title: 'Krok 1: dane logowania',
    parent: REG,
    area: 'registration',
    page: 'StepOne',
    layout: 'default',
    transition: 'slide',
  }),
  route({
    path: `${STEPS}/StepTwo`,
    title: 'Krok 2: dane osobowe',
    parent: REG,
    area: 'registration',
    page: 'StepTwo',
    layout: 'default',
    transition: 'slide',
  }),
  route({
    path: `${STEPS}/StepThree`,
    title: 'Krok 3: zgody',
    parent: REG,
    area: 'registration',
    page: 'StepThree',
    layout: 'default',
    transition: 'slide',
  }),
  route({
    path: `${STEPS}/SuccessStep`,
    title: 'Rejestracja zakończona',
    parent: REG,
    area: 'registration',
    page: 'SuccessStep',
    layout: 'default',
    transition: 'slide',
  }),
  route({
    path: '/remindPassword',
    title: 'Przypomnienie hasła',
    area: 'registration',
    page: 'RemindPasswordPage',
    layout: 'default',
  }),

  // Dashboard layout.
  route({ path: D, title: 'Panel', area: 'home', page: 'DashboardHomePage', layout: 'dashboard', guards: signedIn }),
  route({
    path: `${D}/uczestnicy`,
    title: 'Uczestnicy',
    parent: D,
    area: 'members',
    page: 'MembersPage',
    layout: 'dashboard',
    guards: signedIn,
  }),
  route({
    path: `${D}/uczestnicy/member/addMember`,
    title: 'Dodaj uczestnika',
    parent: `${D}/uczestnicy`,
    area: 'members',
    page: 'AddMemberPage',
    layout: 'dashboard',
    guards: signedIn,
  }),
  route({
    path: `${D}/uczestnicy/member/detailMember`,
    title: 'Szczegóły uczestnika',
    parent: `${D}/uczestnicy`,
    area: 'members',
    page: 'DetailMemberPage',
    layout: 'dashboard',
    guards: signedIn,
  }),
  route({
    path: `${D}/uczestnicy/member/deleteMemberModal`,
    title: 'Usuń uczestnika',
    parent: `${D}/uczestnicy`,
    area: 'members',
    page: 'DeleteMemberPage',
    layout: 'dashboard',
    guards: signedIn,
  }),
  route({
    path: `${D}/uczestnicy/TicketBasket`,
    title: 'Koszyk biletów',
    parent: `${D}/uczestnicy`,
    area: 'tickets',
    page: 'TicketBasketPage',
    layout: 'dashboard',
    guards: signedIn,
  }),
  route({
    path: `${D}/uczestnicy/basket/TicketsStepOne`,
    title: 'Zakup biletów: przegląd',
    parent: `${D}/uczestnicy/TicketBasket`,
    area: 'tickets',
    page: 'TicketsStepOne',
    layout: 'dashboard',
    transition: 'slide',
    guards: signedIn,
  }),
  route({
    path: `${D}/uczestnicy/basket/TicketsStepTwo`,
    title: 'Zakup biletów: dane nabywcy',
    parent: `${D}/uczestnicy/basket/TicketsStepOne`,
    area: 'tickets',
    page: 'TicketsStepTwo',
    layout: 'dashboard',
    transition: 'slide',
    guards: signedIn,
  }),
  route({
    path: `${D}/sklepik`,
    title: 'Sklepik',
    parent: D,
    area: 'shop',
    page: 'ShopPage',
    layout: 'dashboard',
    guards: signedIn,
  }),
  route({
    path: `${D}/sklepik/MerchBasket`,
    title: 'Koszyk',
    parent: `${D}/sklepik`,
    area: 'shop',
    page: 'MerchBasketPage',
    layout: 'dashboard',
    guards: signedIn,
  }),
  route({
    path: `${D}/sklepik/merch/MerchStepOne`,
    title: 'Zamówienie: przegląd',
    parent: `${D}/sklepik/MerchBasket`,
    area: 'shop',
    page: 'MerchStepOne',
    layout: 'dashboard',
    transition: 'slide',
    guards: signedIn,
  }),
  route({
    path: `${D}/sklepik/merch/MerchStepTwo`,
    title: 'Zamówienie: dane nabywcy',
    parent: `${D}/sklepik/merch/MerchStepOne`,
    area: 'shop',
    page: 'MerchStepTwo',
    layout: 'dashboard',
    transition: 'slide',
    guards: signedIn,
  }),
  route({
    path: `${D}/sklepik/merch/MerchStepThree`,
    title: 'Zamówienie: potwierdzenie',
    parent: `${D}/sklepik/merch/MerchStepTwo`,
    area: 'shop',
    page: 'MerchStepThree',
    layout: 'dashboard',
    transition: 'slide',
    guards: signedIn,
  }),
  route({
    path: `${D}/sklepik/:id`,
    title: 'Produkt',
    parent: `${D}/sklepik`,
    area: 'shop',
    page: 'ShopItemPage',
    layout: 'dashboard',
    guards: signedIn,
  }),
  route({
    path: `${D}/zamowienia`,
    title: 'Zamówienia',
    parent: D,
    area: 'orders',
    page: 'OrdersPage',
    layout: 'dashboard',
    guards: signedIn,
  }),
  route({
    path: `${D}/faktury`,
    title: 'Faktury',
    parent: D,
    area: 'invoices',
    page: 'InvoicesPage',
    layout: 'dashboard',
    guards: signedIn,
  }),
  route({
    path: `${D}/faktury/:invoiceKey`,
    title: 'Faktura',
    parent: `${D}/faktury`,
    area: 'invoices',
    page: 'InvoiceDetailPage',
    layout: 'dashboard',
    guards: signedIn,
    // `{userId}-{invoiceId}`: user ids never contain "-", so the first "-" separates the two.
    validParams: ({ invoiceKey }) => /^[^-]+-.+$/.test(invoiceKey ?? ''),
  }),
  route({
    path: `${D}/odbierz`,
    title: 'Odbiór',
    parent: D,
    area: 'pickup',
    page: 'PickupPage',
    layout: 'dashboard',
    guards: signedInFresh,
  }),
  route({
    path: `${D}/odbierz/User`,
    title: 'Wyszukaj osobę',
    parent: `${D}/odbierz`,
    area: 'pickupStation',
    page: 'PickupUserPage',
    layout: 'dashboard',
    guards: signedInFresh,
  }),
  route({
    path: `${D}/odbierz/Add`,
    title: 'Wydaj przedmioty',
    parent: `${D}/odbierz`,
    area: 'pickupStation',
    page: 'PickupAddPage',
    layout: 'dashboard',
    guards: signedInFresh,
  }),
  route({
    path: `${D}/statystyki`,
    title: 'Statystyki',
    parent: D,
    area: 'stats',
    page: 'StatsPage',
    layout: 'dashboard',
    guards: signedInFresh,
  }),
  route({
    path: `${D}/ustawienia`,
    title: 'Ustawienia',
    parent: D,
    area: 'settings',
    page: 'SettingsPage',
    layout: 'dashboard',
    guards: signedIn,
  }),
  route({
    path: `${D}/admin`,
    title: 'Administracja',
    parent: D,
    area: 'admin',
    page: 'AdminPage',
    layout: 'dashboard',
    guards: signedInFresh,
  }),
];
