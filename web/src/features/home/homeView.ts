import { memberName, type MemberEntry, type TicketClaims } from '../members';
import type { OrderEntry } from '../orders';
import type { PickupEntry } from '../pickup';
import type { EventInfo, TicketTypeEntry } from '../catalogue';

/** How many participants the dashboard lists; the rest are counted. */
export const MEMBERS_SHOWN = 6;

/**
 * What the dashboard draws, and nothing more: derived from the live answers, and saved as the
 * device's copy for the next visit (shared/deviceCopy.ts), so a copy holds only what was on screen.
 */
export interface HomeView {
  event: EventInfo | null;
  members: { id: string; name: string; claims: TicketClaims[string] }[];
  memberCount: number;
  withoutTicket: number;
  /** Ticket type id → name, for the participants' badges. */
  ticketNames: Record<string, string>;
  due: number;
  pendingOrders: { id: string; number: string; createdAt: number; lineCount: number; gross: number }[];
  waitingPickups: { id: string; label: string; memberName?: string; quantity: number }[];
}

interface HomeSources {
  event: EventInfo | null | undefined;
  members: MemberEntry[] | undefined;
  claims: TicketClaims | undefined;
  ticketTypes: TicketTypeEntry[] | undefined;
  orders: OrderEntry[] | undefined;
  pickups: PickupEntry[] | undefined;
}

export function toHomeView({
  event,
  members = [],
  claims = {},
  ticketTypes = [],
  orders = [],
  pickups = [],
}: HomeSources): HomeView {
  const pending = orders.filter((o) => o.status === 'pending');
  return {
    event: event ?? null,
    members: members
      .slice(0, MEMBERS_SHOWN)
      .map((m) => ({ id: m.id, name: memberName(m), claims: claims[m.id] ?? {} })),
    memberCount: members.length,
    withoutTicket: members.filter((m) => Object.keys(claims[m.id] ?? {}).length === 0).length,
    ticketNames: Object.fromEntries(ticketTypes.map((t) => [t.id, t.name])),
    due: pending.reduce((sum, o) => sum + o.totals.gross, 0),
    pendingOrders: pending.map((o) => ({
      id: o.id,
      number: o.number,
      createdAt: o.createdAt,
      lineCount: Object.keys(o.lines).length,
      gross: o.totals.gross,
    })),
    // Oldest first: the order in which they were bought.
    waitingPickups: pickups
      .filter((p) => p.status === 'waiting')
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((p) => ({ id: p.id, label: p.label, memberName: p.memberName, quantity: p.quantity })),
  };
}

/** A stored copy is only drawn when it has the shape the cards expect (written by this version). */
export function isHomeView(value: unknown): value is HomeView {
  const v = value as Partial<HomeView> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.event === null || (typeof v.event === 'object' && typeof v.event?.name === 'string')) &&
    Array.isArray(v.members) &&
    Array.isArray(v.pendingOrders) &&
    Array.isArray(v.waitingPickups) &&
    typeof v.memberCount === 'number' &&
    typeof v.withoutTicket === 'number' &&
    typeof v.due === 'number' &&
    typeof v.ticketNames === 'object' &&
    v.ticketNames !== null
  );
}
