import { describe, expect, it } from 'vitest';
import { ticketSaleRefusal } from './limits.js';
import { freeUnits, heldUnits } from './schemas.js';
import { joinWaitingListInput, waitingEntryInput } from './callables.js';
import {
  expiredHolds,
  expiredOfferIds,
  holdFor,
  joinDecision,
  joinRefusal,
  leaveDecision,
  moveDecision,
  nextInLine,
  offerExpiry,
  offerHoursOf,
  offersTakenBy,
  orderedEntries,
  unsettledHolds,
  waitingListSchema,
  withOffers,
  withoutEntries,
  withoutHolds,
  type WaitingList,
} from './waitingList.js';

const NOW = 1_780_000_000_000;
const HOUR = 3_600_000;

function listWith(...people: [entryId: string, uid: string, memberId: string][]): WaitingList {
  let list: WaitingList | null = null;
  people.forEach(([entryId, uid, memberId], i) => {
    const d = joinDecision(list, { entryId, uid, memberId, name: `Osoba ${i + 1}`, now: NOW + i });
    if (!d.ok) throw new Error(d.refusal.message);
    list = d.next;
  });
  return list!;
}

describe('joining and leaving', () => {
  it('joins at the end of the line, one entry per participant and type, and each account sees only its places', () => {
    const list = listWith(['-e1', 'u1', 'self'], ['-e2', 'u2', 'self'], ['-e3', 'u1', 'm-1']);
    expect(orderedEntries(list).map(([id]) => id)).toEqual(['-e1', '-e2', '-e3']);
    expect(list.places).toEqual({
      u1: { '-e1': { memberId: 'self', place: 1 }, '-e3': { memberId: 'm-1', place: 3 } },
      u2: { '-e2': { memberId: 'self', place: 2 } },
    });
    const again = joinDecision(list, { entryId: '-e4', uid: 'u1', memberId: 'm-1', name: 'Ola Nowak', now: NOW });
    expect(again).toEqual({
      ok: false,
      refusal: { reason: 'waiting-already', message: 'Ola Nowak już czeka na liście (miejsce 3)' },
    });
    expect(waitingListSchema.safeParse(list).success).toBe(true);
  });

  it('leaving moves everybody behind one place up; only the owner may leave, and a missing entry is refused', () => {
    const list = listWith(['-e1', 'u1', 'self'], ['-e2', 'u2', 'self'], ['-e3', 'u3', 'self']);
    expect(leaveDecision(list, '-e1', 'u2')).toMatchObject({ ok: false, refusal: { reason: 'waiting-entry-missing' } });
    const left = leaveDecision(list, '-e1', 'u1');
    if (!left.ok) throw new Error('refused');
    expect(left.next!.places).toEqual({
      u2: { '-e2': { memberId: 'self', place: 1 } },
      u3: { '-e3': { memberId: 'self', place: 2 } },
    });
    expect(leaveDecision(left.next, '-e1')).toMatchObject({ ok: false });
    expect(leaveDecision(listWith(['-e1', 'u1', 'self']), '-e1', 'u1')).toMatchObject({ ok: true, next: null });
    expect(leaveDecision(list, '__proto__')).toMatchObject({ ok: false });
  });

  it('the admin moves an entry up or down; at the ends nothing moves', () => {
    const list = listWith(['-e1', 'u1', 'self'], ['-e2', 'u2', 'self'], ['-e3', 'u3', 'self']);
    const up = moveDecision(list, '-e3', 'up');
    if (!up.ok) throw new Error('refused');
    expect(orderedEntries(up.next).map(([id]) => id)).toEqual(['-e1', '-e3', '-e2']);
    expect(up.next.places!.u3['-e3'].place).toBe(2);
    const top = moveDecision(up.next, '-e1', 'up');
    if (!top.ok) throw new Error('refused');
    expect(orderedEntries(top.next).map(([id]) => id)).toEqual(['-e1', '-e3', '-e2']);
    expect(moveDecision(list, '-nope', 'down')).toMatchObject({
      ok: false,
      refusal: { reason: 'waiting-entry-missing' },
    });
  });

  it('joining is for a type on sale with nothing left to buy (held units count as gone)', () => {
    const type = { name: 'Karnet', active: true, quota: 2, sold: 1 };
    expect(joinRefusal(type, NOW)).toMatchObject({
      reason: 'waiting-not-needed',
      message: 'Bilety „Karnet” są jeszcze dostępne — dodaj bilet do koszyka',
    });
    expect(joinRefusal({ ...type, offers: { '-e1': NOW + HOUR } }, NOW)).toBeNull();
    expect(joinRefusal({ ...type, sold: 2, active: false }, NOW)).toMatchObject({ reason: 'waiting-closed' });
    expect(joinRefusal({ ...type, sold: 2, saleEnd: NOW - 1 }, NOW)).toMatchObject({ reason: 'waiting-closed' });
    expect(joinRefusal(null, NOW)).toMatchObject({ reason: 'waiting-closed' });
  });

  it('entry ids and participants in callable input cannot name object internals', () => {
    for (const bad of ['__proto__', 'constructor', 'hasOwnProperty', 'a/b', '']) {
      expect(waitingEntryInput.safeParse({ ticketTypeId: 'karnet', entryId: bad }).success, bad).toBe(false);
      expect(joinWaitingListInput.safeParse({ ticketTypeId: 'karnet', memberId: bad }).success, bad).toBe(false);
    }
    expect(joinWaitingListInput.safeParse({ ticketTypeId: '__proto__', memberId: 'self' }).success).toBe(false);
    expect(waitingEntryInput.safeParse({ ticketTypeId: 'karnet', entryId: '-Nw1xYz' }).success).toBe(true);
  });
});

describe('offers', () => {
  const list = listWith(['-e1', 'u1', 'self'], ['-e2', 'u2', 'self'], ['-e3', 'u3', 'self']);

  it('the free units go to the first entries without an offer, never more than are free', () => {
    expect(nextInLine(list, { quota: 10, sold: 10 })).toEqual([]);
    expect(nextInLine(list, { quota: 10, sold: 8 })).toEqual(['-e1', '-e2']);
    expect(nextInLine(list, { quota: 10, sold: 5 })).toEqual(['-e1', '-e2', '-e3']);
    // One unit already held for -e1: the next free one goes to -e2.
    expect(nextInLine(list, { quota: 10, sold: 8, offers: { '-e1': NOW } })).toEqual(['-e2']);
    // A participant who already has a ticket of the type is passed over: the unit goes to the one after.
    expect(nextInLine(list, { quota: 10, sold: 9 }, new Set(['-e1']))).toEqual(['-e2']);
    expect(nextInLine(list, { quota: 10, sold: 8 }, new Set(['-e2']))).toEqual(['-e1', '-e3']);
  });

  it('holding is decided on the type: two runs at once never hold twice for one entry nor beyond the quota', () => {
    const type: { quota: number; sold: number; offers?: Record<string, number> } = { quota: 10, sold: 8 };
    const first = holdFor(type, ['-e1'], NOW + HOUR);
    expect(first.held).toEqual(['-e1']);
    // The second run read the list before the first committed and chose -e1 and -e2.
    const second = holdFor(first.next, ['-e1', '-e2'], NOW + HOUR);
    expect(second.held).toEqual(['-e2']);
    const third = holdFor(second.next, ['-e3'], NOW + HOUR);
    expect(third.held).toEqual([]);
    expect(freeUnits(third.next)).toBe(0);
    expect(heldUnits(third.next)).toBe(2);
    expect(heldUnits(third.next, ['-e1'])).toBe(1);
  });

  it('the quota check counts held units for everybody but the order that takes its own offer', () => {
    const type = { name: 'Karnet', active: true, quota: 10, sold: 9, offers: { '-e1': NOW + HOUR } };
    expect(ticketSaleRefusal(type, 1, NOW)).toMatchObject({
      reason: 'sold-out',
      left: 0,
      message: 'Bilety „Karnet” są wyprzedane',
    });
    expect(ticketSaleRefusal(type, 1, NOW, { ownOffers: ['-e1'] })).toBeNull();
    expect(ticketSaleRefusal(type, 2, NOW, { ownOffers: ['-e1'] })).toMatchObject({ reason: 'sold-out', left: 1 });
  });

  it('marks offers on the list (places show them); an entry gone in between is reported to give its hold back', () => {
    const offer = { offeredAt: NOW, expiresAt: offerExpiry(NOW, offerHoursOf(null)) };
    expect(offer.expiresAt).toBe(NOW + 24 * HOUR);
    expect(offerHoursOf({ offerHours: 48 })).toBe(48);
    const r = withOffers(list, [
      { entryId: '-e1', ...offer },
      { entryId: '-gone', ...offer },
    ]);
    expect(r.applied).toEqual(['-e1']);
    expect(r.gone).toEqual(['-gone']);
    expect(r.next!.places!.u1['-e1']).toEqual({ memberId: 'self', place: 1, offer });
    expect(nextInLine(r.next, { quota: 10, sold: 8, offers: { '-e1': offer.expiresAt } })).toEqual(['-e2']);
  });

  it('an offer whose time is up leaves the list and its hold goes; the next in line is first then', () => {
    const offered = withOffers(list, [{ entryId: '-e1', offeredAt: NOW, expiresAt: NOW + HOUR }]).next;
    expect(expiredOfferIds(offered, NOW + HOUR - 1)).toEqual([]);
    expect(expiredOfferIds(offered, NOW + HOUR)).toEqual(['-e1']);
    const after = withoutEntries(offered, ['-e1']);
    expect(after!.places!.u2['-e2'].place).toBe(1);
    const type = { quota: 10, sold: 9, offers: { '-e1': NOW + HOUR } };
    expect(expiredHolds(type, NOW + HOUR)).toEqual(['-e1']);
    const released = withoutHolds(type, ['-e1']);
    expect(released).toEqual({ quota: 10, sold: 9 });
    expect(nextInLine(after, released)).toEqual(['-e2']);
  });

  it('the expiry run gives back the holds of entries that left and completes holds never marked on the list', () => {
    const offered = withOffers(list, [{ entryId: '-e1', offeredAt: NOW, expiresAt: NOW + HOUR }]).next;
    const type = {
      offers: {
        '-e1': NOW + HOUR, // offered: settled
        '-e2': NOW + HOUR, // held, the list never marked: completed with the hold's deadline
        '-e3': NOW - 1, // held, never marked, time up: only the expiry of holds gives it back
        '-left': NOW + HOUR, // the entry left after its unit was held
      },
    };
    expect(unsettledHolds(type, offered, NOW)).toEqual({
      orphans: ['-left'],
      unannounced: [{ entryId: '-e2', expiresAt: NOW + HOUR }],
    });
    // No list at all: every hold is an orphan; no type: nothing to settle.
    expect(unsettledHolds(type, null, NOW).orphans).toEqual(['-e1', '-e2', '-e3', '-left']);
    expect(unsettledHolds(null, offered, NOW)).toEqual({ orphans: [], unannounced: [] });
  });

  it('an order takes the standing offer of its participant only', () => {
    const places = {
      '-e1': { memberId: 'self', place: 1, offer: { offeredAt: NOW, expiresAt: NOW + HOUR } },
      '-e9': { memberId: 'm-2', place: 4 },
    };
    const lines = [
      { type: 'ticket', ticketTypeId: 'karnet', memberId: 'self' },
      { type: 'ticket', ticketTypeId: 'karnet', memberId: 'm-2' },
      { type: 'merch' },
    ];
    expect(
      offersTakenBy(
        lines,
        () => ({ '-e1': NOW + HOUR }),
        () => places,
        NOW,
      ),
    ).toEqual(new Map([['karnet', ['-e1']]]));
    expect(
      offersTakenBy(
        lines,
        () => ({ '-e1': NOW + HOUR }),
        () => places,
        NOW + HOUR,
      ),
    ).toEqual(new Map());
    expect(
      offersTakenBy(
        lines,
        () => ({}),
        () => places,
        NOW,
      ),
    ).toEqual(new Map());
  });
});
