import { skipToken } from '@reduxjs/toolkit/query/react';
import { MEMBER_RELATIONS, memberSchema, ticketRecordSchema, type Member } from '@domain/schemas';
import {
  MalformedRecordError,
  injectRealtimeEndpoints,
  parseEntries,
  parseRecords,
  realtimeEndpoint,
} from '../../shared/api/realtime';
import type { CallableInput } from '@domain/callables';
import { callFunction, loadDatabase } from '../../shared/firebase';

export type Relation = (typeof MEMBER_RELATIONS)[number];
export interface MemberEntry extends Member {
  id: string;
}
/** `/tickets/{uid}`: memberId → ticketTypeId → claim. */
export interface TicketClaim {
  orderId: string;
  status: 'pending' | 'paid';
}
export type TicketClaims = Record<string, Record<string, TicketClaim>>;

const collator = new Intl.Collator('pl');

/** The account holder first, then by surname and first name. */
function toMembers(raw: unknown, uid: string): MemberEntry[] {
  return parseEntries(memberSchema, raw, `members/${uid}`).sort((a, b) => {
    if ((a.relation === 'self') !== (b.relation === 'self')) return a.relation === 'self' ? -1 : 1;
    return collator.compare(`${a.lastName} ${a.firstName}`, `${b.lastName} ${b.firstName}`);
  });
}

/** `/tickets/{uid}`: per participant, the claims of each ticket type, every one parsed with its schema. */
function toClaims(raw: unknown, uid: string): TicketClaims {
  if (raw == null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new MalformedRecordError(`tickets/${uid}`, '', 'oczekiwano listy uczestników');
  return Object.fromEntries(
    Object.entries(raw).map(([memberId, claims]) => [
      memberId,
      Object.fromEntries(parseRecords(ticketRecordSchema, claims, `tickets/${uid}/${memberId}`)),
    ]),
  );
}

const membersApi = injectRealtimeEndpoints((build) => ({
  getMembers: build.query<MemberEntry[], string>(realtimeEndpoint((uid) => `members/${uid}`, toMembers)),
  getTicketClaims: build.query<TicketClaims, string>(realtimeEndpoint((uid) => `tickets/${uid}`, toClaims)),
}));

export const { useGetMembersQuery, useGetTicketClaimsQuery } = membersApi;
export const uidOrSkip = (uid: string | undefined) => uid ?? skipToken;

export interface MemberFields {
  firstName: string;
  lastName: string;
  birthYear?: number;
  relation?: Relation;
}

/**
 * A new participant is added by the addMember callable (the server mints the id and keeps the
 * account within LIMITS.maxMembers); edits and removals are direct writes that the rules validate
 * (shape, "no delete with a ticket"). The listener brings every change back into the store.
 */
export async function addMember(fields: MemberFields): Promise<string> {
  const input = stripUndefined(fields);
  // The form offers every relation; „self” (the account holder) is refused by addMember's schema as invalid input.
  const out = await callFunction('addMember', input as CallableInput<'addMember'>);
  return out.memberId;
}

/**
 * Staff find an account at the pickup point by its participants' names too; that index is built by
 * the server from the stored list (syncProfile), so it follows a direct edit or removal here. A
 * failure leaves only the search a step behind, never the change itself, so it is not reported.
 */
function refreshPickupSearch(): Promise<unknown> {
  return callFunction('syncProfile', {}).catch(() => undefined);
}

export async function updateMember(uid: string, memberId: string, fields: MemberFields): Promise<void> {
  const { db, sdk } = await loadDatabase();
  await sdk.update(sdk.ref(db, `members/${uid}/${memberId}`), {
    firstName: fields.firstName,
    lastName: fields.lastName,
    birthYear: fields.birthYear ?? null,
    relation: fields.relation ?? null,
  });
  await refreshPickupSearch();
}

export async function deleteMember(uid: string, memberId: string): Promise<void> {
  const { db, sdk } = await loadDatabase();
  // The basket entry of this participant would otherwise point at nobody (the rules require the member to exist).
  await sdk.remove(sdk.ref(db, `baskets/${uid}/tickets/${memberId}`)).catch(() => undefined);
  await sdk.remove(sdk.ref(db, `members/${uid}/${memberId}`));
  await refreshPickupSearch();
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function memberName(m: Pick<Member, 'firstName' | 'lastName'>): string {
  return `${m.firstName} ${m.lastName}`;
}
