/**
 * Offline24 (domain/ksef/offline.ts): the documents KSeF could not take when they were due are marked offline —
 * on the outbox entry (the admin's deadline and alarm) and in `/ksefOffline/{uid}/{documentId}` for the owner
 * (OFFLINE under KOD I, and KOD II signed with the offline certificate, on the invoice screen and the PDF) — in
 * one update. A document is marked once; it keeps its first deadline.
 */
import {
  fileHashBase64Url,
  KSEF_OFFLINE_MODE_LABELS,
  kodILinkFromHash,
  offlineDeadline,
  utf8,
  type KsefOffline,
  type KsefOfflineMode,
  type KsefOutboxEntry,
} from '../domain/ksef/index.js';
import { commitWithMail, ksefOfflineMail } from '../mail/compose.js';
import type { PreparedMail } from '../mail/outbox.js';
import { kodIIFor } from './offlineCertificate.js';
import { documentFile } from './record.js';
import type { RunConfig } from './run.js';

/**
 * Marks the entries not yet offline, in `mode` (offline24 when KSeF did not answer; a declared outage's own mode, whose
 * deadline is known only once it ends); answers the ids marked. Corrections still waiting for their invoice's number
 * stay waiting.
 */
export async function markOffline(
  entries: KsefOutboxEntry[],
  reason: string,
  config: Pick<RunConfig, 'environment' | 'qrBase' | 'sellerNip' | 'certificate'>,
  mode: KsefOfflineMode = 'offline24',
): Promise<string[]> {
  const updates: Record<string, unknown> = {};
  const marked: string[] = [];
  const mails: (PreparedMail | null)[] = [];
  const now = Date.now();
  for (const entry of entries) {
    if (entry.offline || entry.status === 'accepted') continue;
    const loaded = await documentFile(entry);
    if (typeof loaded === 'string' || !loaded.file.ok) continue;
    const sha256 = fileHashBase64Url(utf8(loaded.file.xml));
    const deadline = offlineDeadline(mode, loaded.issueDate) ?? undefined;
    const kodII = kodIIFor(
      { qrBase: config.qrBase, contextNip: config.sellerNip, sellerNip: config.sellerNip, hashBase64Url: sha256 },
      config.certificate,
    );
    const forOwner: KsefOffline = {
      sha256,
      markedAt: now,
      ...(deadline ? { deadline } : {}),
      mode,
      ...(kodII ? { kodII } : {}),
      environment: config.environment,
    };
    updates[`ksefOutbox/${entry.documentId}/offline`] = {
      since: now,
      ...(deadline ? { deadline } : {}),
      mode,
      reason: reason.slice(0, 1000),
      kodII: kodII !== null,
    };
    updates[`ksefOffline/${entry.uid}/${entry.documentId}`] = forOwner;
    marked.push(entry.documentId);
    const kodI = kodILinkFromHash(loaded.seller.nip, loaded.issueDate, sha256, config.qrBase);
    mails.push(
      await ksefOfflineMail(entry.uid, {
        documentId: entry.documentId,
        number: loaded.number,
        kodI,
        ...(kodII ? { kodII } : {}),
        ...(deadline ? { deadline } : {}),
        modeLabel: KSEF_OFFLINE_MODE_LABELS[mode],
      }),
    );
  }
  // The marks and the owners' e-mails (KOD I, KOD II, the deadline) in one update.
  if (marked.length) await commitWithMail(updates, mails);
  return marked;
}
