/**
 * Outages the Ministry announces (`tryby-offline.md`; docs/ksef.md, „Offline modes”): the organiser declares one
 * (`/ksefOutage`, the `setKsefOutage` callable) and the runner stops trying KSeF — every due document is handed out
 * offline in the outage's mode at once, instead of after failed connections. A declared failure („tryb awaryjny”)
 * also moves the documents still within their offline24 / unavailability deadline to its own. When the organiser
 * ends the outage, its documents get their deadline (the next business day after it for an unavailability, the
 * seventh for a failure) and the runner sends them.
 */
import { warsawDate } from '../domain/index.js';
import {
  ksefOutageSchema,
  ksefOutboxEntrySchema,
  modeAfterEmergency,
  outageActive,
  outageDeadline,
  type KsefOutage,
  type KsefOutageMode,
  type KsefOutboxEntry,
} from '../domain/ksef/index.js';
import { db } from '../lib/admin.js';
import { refuse } from '../lib/refusal.js';
import { readStored } from '../lib/stored.js';
import { KEEP, transactStored } from '../lib/tx.js';

const OUTAGE_WHAT = 'awaria KSeF';

export function readOutage(): Promise<KsefOutage | null> {
  return readStored('ksefOutage', ksefOutageSchema, OUTAGE_WHAT);
}

/** The outbox entries handed out offline and not yet in KSeF (read through the status index: accepted ones accumulate). */
async function offlineEntries(): Promise<KsefOutboxEntry[]> {
  const entries: KsefOutboxEntry[] = [];
  for (const status of ['queued', 'sent', 'rejected']) {
    const raw: unknown = (await db.ref('ksefOutbox').orderByChild('status').equalTo(status).get()).val();
    for (const value of Object.values(raw ?? {})) {
      const parsed = ksefOutboxEntrySchema.safeParse(value);
      if (parsed.success && parsed.data.offline) entries.push(parsed.data);
    }
  }
  return entries;
}

/** Sets one field of an offline document on the entry and on the owner's `/ksefOffline` record. */
function offlineField(
  updates: Record<string, unknown>,
  entry: KsefOutboxEntry,
  field: 'mode' | 'deadline',
  value: string | null,
): void {
  updates[`ksefOutbox/${entry.documentId}/offline/${field}`] = value;
  updates[`ksefOffline/${entry.uid}/${entry.documentId}/${field}`] = value;
}

/** A failure declared on `declaredOn`: the documents still within their deadline count from its end (`modeAfterEmergency`). */
async function moveToEmergency(declaredOn: string): Promise<string[]> {
  const updates: Record<string, unknown> = {};
  const moved: string[] = [];
  for (const entry of await offlineEntries()) {
    const offline = entry.offline!;
    if (
      offline.mode === 'emergency' ||
      modeAfterEmergency({ mode: offline.mode ?? 'offline24', deadline: offline.deadline }, declaredOn) !== 'emergency'
    )
      continue;
    offlineField(updates, entry, 'mode', 'emergency');
    offlineField(updates, entry, 'deadline', null);
    moved.push(entry.documentId);
  }
  if (moved.length) await db.ref().update(updates);
  return moved;
}

/** Declares (or escalates to) an outage; the same one declared again changes nothing. Answers the outage and the documents moved to it. */
export async function declareOutage(
  mode: KsefOutageMode,
  declaredBy: string,
  note?: string,
): Promise<{ outage: KsefOutage; moved: string[] }> {
  const now = Date.now();
  const { value } = await transactStored('ksefOutage', ksefOutageSchema, OUTAGE_WHAT, (cur) =>
    outageActive(cur) && cur.mode === mode
      ? KEEP
      : { mode, since: outageActive(cur) ? cur.since : now, declaredBy, ...(note ? { note } : {}) },
  );
  const moved = mode === 'emergency' ? await moveToEmergency(warsawDate(now)) : [];
  return { outage: value!, moved };
}

/** Ends the declared outage on `endedOn`; its documents get their deadline. Refused when none lasts. */
export async function endOutage(endedOn: string): Promise<{ outage: KsefOutage; dated: string[] }> {
  const { value } = await transactStored('ksefOutage', ksefOutageSchema, OUTAGE_WHAT, (cur) => {
    if (!outageActive(cur)) throw refuse('ksef-no-outage');
    return { ...cur, endedOn, endedAt: Date.now() };
  });
  const outage = value!;
  const updates: Record<string, unknown> = {};
  const dated: string[] = [];
  for (const entry of await offlineEntries()) {
    const mode = entry.offline!.mode ?? 'offline24';
    if (mode === 'offline24' || entry.offline!.deadline) continue;
    offlineField(updates, entry, 'deadline', outageDeadline(mode, endedOn));
    dated.push(entry.documentId);
  }
  if (dated.length) await db.ref().update(updates);
  return { outage, dated };
}
