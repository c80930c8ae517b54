import type { Order, Product, Profile, TicketType, Variant } from '@domain/schemas';
import { CALLABLES, type CallableInput, type CallableName, type CallableOutput } from '@domain/callables';
import { callFunction } from '../../shared/firebase';
import { realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';

export type WithId<T> = T & { id: string };
export type AdminTicketType = WithId<TicketType> & { archivedAt?: number };
export type AdminVariant = WithId<Variant>;
export type AdminProduct = WithId<Omit<Product, 'variants'>> & { variants: AdminVariant[]; archivedAt?: number };
export type AdminOrder = WithId<Order>;
export interface AdminUser {
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  pickupCode: string;
}
export interface RoleFlags {
  admin: boolean;
  staff: boolean;
}

const entries = (raw: unknown): [string, Record<string, unknown>][] =>
  typeof raw === 'object' && raw !== null ? (Object.entries(raw) as [string, Record<string, unknown>][]) : [];

const bySort = <T extends { sortOrder: number; name: string }>(a: T, b: T) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'pl');

export function toTicketTypes(raw: unknown): AdminTicketType[] {
  return entries(raw)
    .map(([id, t]) => ({ ...(t as unknown as TicketType), id, archivedAt: t.archivedAt as number | undefined }))
    .sort(bySort);
}

export function toProducts(raw: unknown): AdminProduct[] {
  return entries(raw)
    .map(([id, p]) => {
      const product = p as unknown as Product & { archivedAt?: number };
      const variants = entries(product.variants)
        .map(([vid, v]) => ({ ...(v as unknown as Variant), id: vid }))
        .sort((a, b) => a.sortOrder - b.sortOrder || a.label.localeCompare(b.label, 'pl'));
      return { ...product, id, variants };
    })
    .sort(bySort);
}

export function toOrders(raw: unknown): AdminOrder[] {
  return entries(raw)
    .map(([id, o]) => ({ ...(o as unknown as Order), id }))
    .sort((a, b) => b.createdAt - a.createdAt);
}

function toUsers(raw: unknown): AdminUser[] {
  return entries(raw)
    .map(([uid, p]) => {
      const profile = p as unknown as Partial<Profile>;
      return { uid, email: profile.email ?? '', firstName: profile.firstName ?? '', lastName: profile.lastName ?? '', pickupCode: profile.pickupCode ?? '' };
    })
    .sort((a, b) => a.lastName.localeCompare(b.lastName, 'pl') || a.firstName.localeCompare(b.firstName, 'pl'));
}

function toRoles(raw: unknown): Record<string, RoleFlags> {
  return Object.fromEntries(entries(raw).map(([uid, r]) => [uid, { admin: r.admin === true, staff: r.staff === true }]));
}

/** Admin-only reads (the rules give admins the whole tree); each endpoint is a live listener. */
export const adminApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    adminArchivedTicketTypes: build.query<AdminTicketType[], void>(realtimeEndpoint(() => 'archivedTicketTypes', toTicketTypes)),
    adminArchivedProducts: build.query<AdminProduct[], void>(realtimeEndpoint(() => 'archivedProducts', toProducts)),
    adminOrders: build.query<AdminOrder[], void>(realtimeEndpoint(() => 'orders', toOrders)),
    adminUsers: build.query<AdminUser[], void>(realtimeEndpoint(() => 'profiles', toUsers)),
    adminRoles: build.query<Record<string, RoleFlags>, void>(realtimeEndpoint(() => 'roles', toRoles)),
  }),
});

export const { useAdminArchivedTicketTypesQuery, useAdminArchivedProductsQuery, useAdminOrdersQuery, useAdminUsersQuery, useAdminRolesQuery } = adminApi;

// The live catalogue and the event settings are read through their features' endpoints
// (one endpoint per database path, see shared/api/realtime.ts).
export { useGetTicketTypesQuery as useAdminTicketTypesQuery } from '../tickets';
export { useGetProductsQuery as useAdminProductsQuery } from '../shop';
export { useGetEventQuery as useAdminEventQuery } from '../home';

/** Typed callable: name and payload checked against the shared table in @domain/callables. */
export function callAdmin<N extends CallableName>(name: N, input: CallableInput<N>): Promise<CallableOutput<N>> {
  return callFunction<CallableInput<N>, CallableOutput<N>>(CALLABLES[name], input);
}
