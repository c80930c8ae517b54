/**
 * What a document's page and its PDFs show of KSeF (kody-qr.md), from its stored records: with a `/ksef` record, its
 * KSeF number and KOD I of the stored file — and, for an offline invoice (handed out offline, or recorded offline by
 * KSeF), KOD II beside it for good („w trybie offline — dwa kody QR”); before the number, for a document handed out
 * offline, KOD I of its file (OFFLINE under it), KOD II and the deadline; otherwise nothing.
 */
import { kodILinkFromHash, ksefQrBase } from './kodI.js';
import type { KsefOffline, KsefOfflineMode } from './offline.js';
import { kodIForRecord, type KsefRecord } from './record.js';

export interface KsefCodes {
  /** The KSeF number; null while a document handed out offline has none yet. */
  number: string | null;
  /** KOD I: the verification link, computed from the file's bytes (the stored file's once there is a number). */
  link: string;
  submittedOn?: string;
  /** Offline only. */
  kodII?: string;
  deadline?: string;
  mode?: KsefOfflineMode;
  /** Sent online, but KSeF recorded it as offline (it received it after the day of its issue date). */
  offlineByKsef?: boolean;
}

export function ksefCodesOf(
  document: { seller: { nip: string }; issueDate: string },
  record: KsefRecord | null | undefined,
  offline: KsefOffline | null | undefined,
): KsefCodes | null {
  if (record)
    return {
      number: record.ksefNumber,
      link: kodIForRecord(document, record),
      submittedOn: record.submittedOn,
      ...(offline ? { mode: offline.mode ?? 'offline24' } : {}),
      ...(offline?.kodII ? { kodII: offline.kodII } : {}),
      ...(offline?.byKsef ? { offlineByKsef: true } : {}),
    };
  if (offline)
    return {
      number: null,
      link: kodILinkFromHash(document.seller.nip, document.issueDate, offline.sha256, ksefQrBase(offline.environment)),
      ...(offline.kodII ? { kodII: offline.kodII } : {}),
      ...(offline.deadline ? { deadline: offline.deadline } : {}),
      mode: offline.mode ?? 'offline24',
    };
  return null;
}
