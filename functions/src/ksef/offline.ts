/**
 * Offline24 (domain/ksef/offline.ts): the documents KSeF could not take when they were due are marked offline —
 * on the outbox entry (the admin's deadline and alarm) and in `/ksefOffline/{uid}/{documentId}` for the owner
 * (OFFLINE under KOD I, and KOD II signed with the offline certificate, on the invoice screen and the PDF) — in
 * one update. A document is marked once; it keeps its first deadline.
 */
import { fileHashBase64Url, offline24Deadline, utf8, type KsefOffline, type KsefOutboxEntry } from '../domain/ksef/index.js';
import { db } from '../lib/admin.js';
import { kodIIFor } from './offlineCertificate.js';
import { documentFile } from './record.js';
import type { RunConfig } from './run.js';

/** Marks the entries not yet offline; answers the ids marked. Corrections still waiting for their invoice's number stay waiting. */
export async function markOffline(entries: KsefOutboxEntry[], reason: string, config: Pick<RunConfig, 'qrBase' | 'sellerNip' | 'certificate'>): Promise<string[]> {
  const updates: Record<string, unknown> = {};
  const marked: string[] = [];
  const now = Date.now();
  for (const entry of entries) {
    if (entry.offline || entry.status === 'accepted') continue;
    const loaded = await documentFile(entry);
    if (typeof loaded === 'string' || !loaded.file.ok) continue;
    const sha256 = fileHashBase64Url(utf8(loaded.file.xml));
    const deadline = offline24Deadline(loaded.issueDate);
    const kodII = kodIIFor({ qrBase: config.qrBase, contextNip: config.sellerNip, sellerNip: config.sellerNip, hashBase64Url: sha256 }, config.certificate);
    const forOwner: KsefOffline = { sha256, markedAt: now, deadline, ...(kodII ? { kodII } : {}) };
    updates[`ksefOutbox/${entry.documentId}/offline`] = { since: now, deadline, reason: reason.slice(0, 1000), kodII: kodII !== null };
    updates[`ksefOffline/${entry.uid}/${entry.documentId}`] = forOwner;
    marked.push(entry.documentId);
  }
  if (marked.length) await db.ref().update(updates);
  return marked;
}
