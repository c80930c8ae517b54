/**
 * Hand-outs made at a pickup station while it had no network (docs/pickup-offline.md): the device
 * queues them and sends them in order through `syncOfflineHandOuts`, which applies each exactly once
 * (its id is the idempotency key) and records the ones that can no longer be applied as conflicts.
 */
import { z } from 'zod';
import {
  hasUnsafeText,
  keySchema,
  OFFLINE_ID_PATTERN,
  timestampSchema,
  uidSchema,
  UNSAFE_TEXT_MESSAGE,
  type PickupItem,
} from './schemas.js';

/** Hand-out and device ids: random UUIDs (crypto.randomUUID), see OFFLINE_ID_PATTERN. */
export const offlineIdSchema = z
  .string({ error: 'Brak identyfikatora' })
  .regex(OFFLINE_ID_PATTERN, 'Nieprawidłowy identyfikator wydania');

/** Hand-outs per call: the device sends its queue in batches of this size, oldest first. */
export const OFFLINE_BATCH = 50;

const offlineHandOutSchema = z.strictObject({
  id: offlineIdSchema,
  uid: uidSchema,
  itemId: keySchema,
  /** The quantity the station saw and handed out (the whole item). */
  quantity: z
    .int('Nieprawidłowa liczba sztuk')
    .min(1, 'Nieprawidłowa liczba sztuk')
    .max(10_000, 'Nieprawidłowa liczba sztuk'),
  /** When it was handed out, by the device's clock. */
  at: timestampSchema,
});
export type OfflineHandOut = z.output<typeof offlineHandOutSchema>;

export const syncOfflineHandOutsInput = z
  .strictObject({
    deviceId: offlineIdSchema,
    handOuts: z
      .array(offlineHandOutSchema, { error: 'Brak wydań do wysłania' })
      .min(1, 'Brak wydań do wysłania')
      .max(OFFLINE_BATCH, `Najwyżej ${OFFLINE_BATCH} wydań naraz`),
  })
  .refine((input) => new Set(input.handOuts.map((h) => h.id)).size === input.handOuts.length, {
    error: 'Powtórzony identyfikator wydania',
    path: ['handOuts'],
  });

/** Why an offline hand-out was not applied. */
const OFFLINE_CONFLICT_REASONS = ['already-picked', 'withdrawn', 'quantity-changed'] as const;
export type OfflineConflictReason = (typeof OFFLINE_CONFLICT_REASONS)[number];
export const OFFLINE_CONFLICT_LABELS: Record<OfflineConflictReason, string> = {
  'already-picked': 'wydane już wcześniej',
  withdrawn: 'zwrócone lub anulowane — nie ma go już do wydania',
  'quantity-changed': 'liczba sztuk zmieniła się (częściowy zwrot)',
};

/** Who recorded the hand-out that stands (the item as stored). */
const recordedHandOutSchema = z.strictObject({
  by: z.optional(uidSchema),
  byName: z.string().max(200).optional(),
  at: z.optional(timestampSchema),
  deviceId: offlineIdSchema.optional(),
});

/** `/pickupSync/{handOutId}`: the outcome of one offline hand-out, written with its effect (exactly once). */
export const pickupSyncRecordSchema = z.strictObject({
  uid: uidSchema,
  itemId: keySchema,
  deviceId: offlineIdSchema,
  by: uidSchema,
  at: timestampSchema,
  syncedAt: timestampSchema,
  outcome: z.enum(['applied', 'conflict']),
  reason: z.enum(OFFLINE_CONFLICT_REASONS).optional(),
});
export type PickupSyncRecord = z.output<typeof pickupSyncRecordSchema>;

/**
 * How staff settled a conflict, after asking the person and the other station: the item was handed
 * out a second time and taken back, or written off; or the offline hand-out was a mistake (the item
 * was not handed out twice).
 */
export const CONFLICT_SETTLEMENTS = ['returned', 'written-off', 'mistake'] as const;
export type ConflictSettlement = (typeof CONFLICT_SETTLEMENTS)[number];
export const CONFLICT_SETTLEMENT_LABELS: Record<ConflictSettlement, string> = {
  returned: 'wydano ponownie — pobrano zwrot',
  'written-off': 'wydano ponownie — spisano jako stratę',
  mistake: 'pomyłka — nie wydano drugi raz',
};

const settlementNoteSchema = z
  .string()
  .trim()
  .max(300, 'Notatka: najwyżej 300 znaków')
  .refine((note) => !hasUnsafeText(note), UNSAFE_TEXT_MESSAGE);

/** Who settled a conflict, how and when (kept on the conflict: the record of the decision). */
export const conflictSettledSchema = z.strictObject({
  resolution: z.enum(CONFLICT_SETTLEMENTS),
  note: z.string().max(300).optional(),
  by: uidSchema,
  byName: z.string().max(200),
  at: timestampSchema,
});
export type ConflictSettled = z.output<typeof conflictSettledSchema>;

/** `settlePickupConflict`: staff or an admin settle one conflict; the same answer again changes nothing. */
export const settlePickupConflictInput = z.strictObject({
  conflictId: offlineIdSchema,
  resolution: z.enum(CONFLICT_SETTLEMENTS, { error: 'Wybierz, jak rozstrzygnięto konflikt' }),
  note: settlementNoteSchema.optional(),
});
export interface SettlePickupConflictOutput {
  conflictId: string;
  settled: ConflictSettled;
  /** The conflict was already settled the same way (a retry): nothing changed. */
  replayed: boolean;
}

/**
 * `/pickupConflicts/{handOutId}`: an offline hand-out that could not be recorded, for both stations
 * and the admins to settle: who handed it out, where (device) and when, and the hand-out that stands.
 */
export const pickupConflictSchema = z.strictObject({
  uid: uidSchema,
  itemId: keySchema,
  label: z.string(),
  quantity: z.int().min(1),
  personName: z.string(),
  reason: z.enum(OFFLINE_CONFLICT_REASONS),
  offline: z.strictObject({
    by: uidSchema,
    byName: z.string().max(200),
    deviceId: offlineIdSchema,
    at: timestampSchema,
  }),
  recorded: recordedHandOutSchema.optional(),
  createdAt: timestampSchema,
  settled: conflictSettledSchema.optional(),
});
export type PickupConflict = z.output<typeof pickupConflictSchema>;

type OfflineDecision =
  | { kind: 'apply' }
  | {
      kind: 'conflict';
      reason: OfflineConflictReason;
      recorded?: z.output<typeof recordedHandOutSchema>;
      /** The item is marked handed out all the same: the person has more than it holds now. */
      handedOut?: true;
    };

/** What an offline hand-out does to the item as it is stored now (undefined: no longer there). */
export function decideOfflineHandOut(
  item: PickupItem | undefined,
  handOut: Pick<OfflineHandOut, 'quantity'>,
): OfflineDecision {
  if (!item) return { kind: 'conflict', reason: 'withdrawn' };
  if (item.status === 'picked') {
    const recorded = { by: item.pickedBy, byName: item.pickedByName, at: item.pickedAt, deviceId: item.pickedDevice };
    return {
      kind: 'conflict',
      reason: 'already-picked',
      recorded: Object.fromEntries(Object.entries(recorded).filter(([, v]) => v !== undefined)),
    };
  }
  // A partial refund lowered the quantity while the station was offline: the station handed out more
  // than is due now, so the item is handed out (nobody may collect it again) and the surplus reported.
  if (handOut.quantity > item.quantity) return { kind: 'conflict', reason: 'quantity-changed', handedOut: true };
  if (item.quantity !== handOut.quantity) return { kind: 'conflict', reason: 'quantity-changed' };
  return { kind: 'apply' };
}

export interface SyncOfflineHandOutsOutput {
  results: { id: string; outcome: 'applied' | 'conflict'; reason?: OfflineConflictReason; replayed: boolean }[];
}
