import {
  archivedProductSchema,
  archivedTicketTypeSchema,
  profileSchema,
  rolesSchema,
  type Product,
  type TicketType,
  type Variant,
} from '@domain/schemas';
import { discountStatsSchema } from '@domain/statsSchemas';
import { discountCodeRecordSchema, discountUsesSchema, type DiscountCodeRecord } from '@domain/discounts';
import {
  injectRealtimeEndpoints,
  parseEntries,
  parseRecordMap,
  parseRecords,
  realtimeEndpoint,
} from '../../shared/api/realtime';

type WithId<T> = T & { id: string };
export type AdminTicketType = WithId<TicketType> & { archivedAt?: number };
type AdminVariant = WithId<Variant>;
export type AdminProduct = WithId<Omit<Product, 'variants'>> & { variants: AdminVariant[]; archivedAt?: number };
export interface AdminUser {
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  pickupCode: string;
}
interface RoleFlags {
  admin: boolean;
  staff: boolean;
}

const bySort = <T extends { sortOrder: number; name: string }>(a: T, b: T) =>
  a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'pl');

/** `/archivedTicketTypes`, each record parsed with its domain schema, in display order. */
function toArchivedTicketTypes(raw: unknown): AdminTicketType[] {
  return parseEntries(archivedTicketTypeSchema, raw, 'archivedTicketTypes').sort(bySort);
}

/** `/archivedProducts`, each record parsed with its domain schema; variants as a list in display order. */
function toArchivedProducts(raw: unknown): AdminProduct[] {
  return parseRecords(archivedProductSchema, raw, 'archivedProducts')
    .map(([id, product]) => {
      const variants = Object.entries(product.variants)
        .map(([vid, v]) => ({ ...v, id: vid }))
        .sort((a, b) => a.sortOrder - b.sortOrder || a.label.localeCompare(b.label, 'pl'));
      return { ...product, id, variants };
    })
    .sort(bySort);
}

/** `/profiles`, each parsed with the profile schema, by surname. */
export function toUsers(raw: unknown): AdminUser[] {
  return parseRecords(profileSchema, raw, 'profiles')
    .map(([uid, p]) => ({
      uid,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      pickupCode: p.pickupCode,
    }))
    .sort((a, b) => a.lastName.localeCompare(b.lastName, 'pl') || a.firstName.localeCompare(b.firstName, 'pl'));
}

export type AdminDiscountCode = DiscountCodeRecord & { code: string };
type DiscountStats = { orders?: number; units?: number; discountGross?: number };

/** `/discountCodes`, each parsed with its domain schema, newest first. */
function toDiscountCodes(raw: unknown): AdminDiscountCode[] {
  return parseRecords(discountCodeRecordSchema, raw, 'discountCodes')
    .map(([code, c]) => ({ ...c, code }))
    .sort((a, b) => b.createdAt - a.createdAt || a.code.localeCompare(b.code));
}
/** `/discountUses`: units held by pending and paid orders, per code. */
function toDiscountUses(raw: unknown): Record<string, number> {
  return Object.fromEntries(parseRecords(discountUsesSchema, raw, 'discountUses').map(([code, u]) => [code, u.used]));
}
function toDiscountStats(raw: unknown): Record<string, DiscountStats> {
  return parseRecordMap(discountStatsSchema, raw, 'stats/admin/discounts');
}

function toRoles(raw: unknown): Record<string, RoleFlags> {
  return Object.fromEntries(
    parseRecords(rolesSchema, raw, 'roles').map(([uid, r]) => [uid, { admin: r.admin, staff: r.staff }]),
  );
}

/** Admin-only reads (the rules give admins the whole tree); each endpoint is a live listener. */
const adminApi = injectRealtimeEndpoints((build) => ({
  adminArchivedTicketTypes: build.query<AdminTicketType[], void>(
    realtimeEndpoint(() => 'archivedTicketTypes', toArchivedTicketTypes),
  ),
  adminArchivedProducts: build.query<AdminProduct[], void>(
    realtimeEndpoint(() => 'archivedProducts', toArchivedProducts),
  ),
  adminUsers: build.query<AdminUser[], void>(realtimeEndpoint(() => 'profiles', toUsers)),
  adminRoles: build.query<Record<string, RoleFlags>, void>(realtimeEndpoint(() => 'roles', toRoles)),
  adminDiscountCodes: build.query<AdminDiscountCode[], void>(realtimeEndpoint(() => 'discountCodes', toDiscountCodes)),
  adminDiscountUses: build.query<Record<string, number>, void>(realtimeEndpoint(() => 'discountUses', toDiscountUses)),
  adminDiscountStats: build.query<Record<string, DiscountStats>, void>(
    realtimeEndpoint(() => 'stats/admin/discounts', toDiscountStats),
  ),
}));

export const {
  useAdminArchivedTicketTypesQuery,
  useAdminArchivedProductsQuery,
  useAdminUsersQuery,
  useAdminRolesQuery,
  useAdminDiscountCodesQuery,
  useAdminDiscountUsesQuery,
  useAdminDiscountStatsQuery,
} = adminApi;
