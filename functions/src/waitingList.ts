import { onCall } from 'firebase-functions/v2/https';
import {
  joinDecision,
  joinRefusal,
  joinWaitingListInput,
  leaveDecision,
  memberSchema,
  moveDecision,
  moveWaitingListEntryInput,
  ticketRecordSchema,
  ticketTypeSchema,
  updateWaitingListSettingsInput,
  waitingEntryInput,
  type JoinWaitingListOutput,
  type UpdateWaitingListSettingsOutput,
  type WaitingEntryOutput,
  type WaitingRefusal,
} from './domain/index.js';
import { db } from './lib/admin.js';
import { requireAdmin, requireCaller } from './lib/caller.js';
import { parseInput, refuse } from './lib/refusal.js';
import { readStored } from './lib/stored.js';
import {
  afterEntryRemoved,
  offerFreedUnits,
  transactList,
  WAITING_LIST_SETTINGS_PATH,
  waitingListPath,
} from './orders/waitingOffers.js';

/**
 * The waiting list of a sold-out ticket type (docs/waiting-list.md). The list of one type is one
 * record: every change is one transaction on it that also rewrites the places its owners read.
 */

const refuseWaiting = (refusal: WaitingRefusal, field?: string) =>
  refuse(refusal.reason, { message: refusal.message, ...(field ? { field } : {}) });

/** A participant of the caller's joins the list of a sold-out type (one entry per participant and type). */
export const joinWaitingList = onCall(async (request): Promise<JoinWaitingListOutput> => {
  const input = parseInput(joinWaitingListInput, request.data);
  const { uid } = requireCaller(request);
  const now = Date.now();
  const [member, type, claim] = await Promise.all([
    readStored(`members/${uid}/${input.memberId}`, memberSchema, 'uczestnik'),
    readStored(`ticketTypes/${input.ticketTypeId}`, ticketTypeSchema, `bilet ${input.ticketTypeId}`),
    readStored(`tickets/${uid}/${input.memberId}/${input.ticketTypeId}`, ticketRecordSchema, 'bilet uczestnika'),
  ]);
  if (!member) throw refuse('member-missing', { field: 'memberId' });
  const name = `${member.firstName} ${member.lastName}`;
  if (claim) throw refuse('already-has-ticket', { field: 'memberId', message: `${name} ma już ten bilet` });
  const closed = joinRefusal(type, now);
  if (closed) throw refuseWaiting(closed, 'ticketTypeId');
  const entryId = db.ref(waitingListPath(input.ticketTypeId)).push().key!;
  let answer: JoinWaitingListOutput | null = null;
  await transactList(input.ticketTypeId, (cur) => {
    const decision = joinDecision(cur, { entryId, uid, memberId: input.memberId, name, now });
    if (!decision.ok) throw refuseWaiting(decision.refusal, 'memberId');
    answer = { entryId, place: decision.place };
    return decision.next;
  });
  // Units freed a moment ago, before anybody waited, go to the first in line now.
  await offerFreedUnits(input.ticketTypeId);
  return answer!;
});

/** The owner takes their participant off the list; a unit held for them goes to the next in line. */
export const leaveWaitingList = onCall(async (request): Promise<WaitingEntryOutput> => {
  const input = parseInput(waitingEntryInput, request.data);
  const { uid } = requireCaller(request);
  return removeEntry(input.ticketTypeId, input.entryId, uid);
});

/** Admin: removes anybody's entry. */
export const removeWaitingListEntry = onCall(async (request): Promise<WaitingEntryOutput> => {
  const input = parseInput(waitingEntryInput, request.data);
  requireAdmin(request);
  return removeEntry(input.ticketTypeId, input.entryId);
});

async function removeEntry(ticketTypeId: string, entryId: string, uid?: string): Promise<WaitingEntryOutput> {
  await transactList(ticketTypeId, (cur) => {
    const decision = leaveDecision(cur, entryId, uid);
    if (!decision.ok) throw refuseWaiting(decision.refusal);
    return decision.next;
  });
  await afterEntryRemoved(ticketTypeId, entryId);
  return { ticketTypeId, entryId };
}

/** Admin: moves an entry one place up or down. */
export const moveWaitingListEntry = onCall(async (request): Promise<WaitingEntryOutput> => {
  const input = parseInput(moveWaitingListEntryInput, request.data);
  requireAdmin(request);
  await transactList(input.ticketTypeId, (cur) => {
    const decision = moveDecision(cur, input.entryId, input.direction);
    if (!decision.ok) throw refuseWaiting(decision.refusal);
    return decision.next;
  });
  return { ticketTypeId: input.ticketTypeId, entryId: input.entryId };
});

/** Admin: how long an offer holds its unit (offers already made keep their deadline). */
export const updateWaitingListSettings = onCall(async (request): Promise<UpdateWaitingListSettingsOutput> => {
  const input = parseInput(updateWaitingListSettingsInput, request.data);
  const admin = requireAdmin(request);
  await db
    .ref(WAITING_LIST_SETTINGS_PATH)
    .set({ offerHours: input.offerHours, updatedAt: Date.now(), updatedBy: admin.uid });
  return { offerHours: input.offerHours };
});
