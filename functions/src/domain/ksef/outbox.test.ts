import { describe, expect, it } from 'vitest';
import { upoInvoicingMode } from './api.js';
import { ksefOutboxEntrySchema, ksefUpoMissingIndexSchema, upoMissingAfter } from './outbox.js';

const NOW = Date.UTC(2026, 10, 27, 22, 30);
const SESSION = '20261127-SO-0000000000-0000000000-00';

describe('a missing UPO', () => {
  it('a failed download counts an attempt and pauses it 1, 2, 4 … minutes, at most an hour', () => {
    const first = upoMissingAfter(undefined, SESSION, { failed: 'KSeF: GET … → 503' }, NOW);
    expect(first).toEqual({
      sessionReference: SESSION,
      since: NOW,
      attempts: 1,
      nextAttemptAt: NOW + 60_000,
      lastError: { message: 'KSeF: GET … → 503', at: NOW },
    });
    const second = upoMissingAfter(first, SESSION, { failed: 'timeout' }, NOW + 60_000);
    expect(second).toMatchObject({ since: NOW, attempts: 2, nextAttemptAt: NOW + 60_000 + 120_000 });
    let many = second;
    for (let i = 0; i < 10; i++) many = upoMissingAfter(many, SESSION, { failed: 'timeout' }, NOW);
    expect(many.nextAttemptAt).toBe(NOW + 3_600_000);
  });

  it('a rate limit waits for Retry-After and counts no attempt; not tried, it is due at once', () => {
    const failed = upoMissingAfter(undefined, SESSION, { failed: '503' }, NOW);
    const limited = upoMissingAfter(failed, SESSION, { failed: '429', retryAt: NOW + 120_000 }, NOW);
    expect(limited).toMatchObject({ attempts: 1, nextAttemptAt: NOW + 120_000, lastError: { message: '429' } });
    // A later document of a rate-limited run: not asked for, it waits too, its last error kept.
    expect(upoMissingAfter(failed, SESSION, { retryAt: NOW + 30_000 }, NOW)).toMatchObject({
      attempts: 1,
      nextAttemptAt: NOW + 30_000,
      lastError: { message: '503' },
    });
    // The run's time was up before it was tried.
    expect(upoMissingAfter(undefined, SESSION, {}, NOW)).toEqual({
      sessionReference: SESSION,
      since: NOW,
      attempts: 0,
      nextAttemptAt: NOW,
    });
  });

  it('is stored on the outbox entry with the mode KSeF gave the document, and indexed by document id', () => {
    const entry = {
      uid: 'u1',
      documentId: 'FV-2026-000001',
      status: 'accepted',
      queuedAt: NOW,
      invoicingMode: 'Offline',
      offlineByKsef: { at: NOW, kodII: true },
      upoMissing: upoMissingAfter(undefined, SESSION, { failed: '503' }, NOW),
    };
    expect(ksefOutboxEntrySchema.parse(entry)).toEqual(entry);
    expect(ksefOutboxEntrySchema.safeParse({ ...entry, invoicingMode: 'offline' }).success).toBe(false);
    expect(ksefUpoMissingIndexSchema.parse({ 'FV-2026-000001': NOW })).toEqual({ 'FV-2026-000001': NOW });
    expect(ksefUpoMissingIndexSchema.safeParse({ '../x': NOW }).success).toBe(false);
  });
});

describe("a UPO's invoicing mode", () => {
  it('is read from TrybWysylki (v4-2 / v4-3), null when it names none', () => {
    const upo = (mode: string) =>
      `<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-2"><Dokument><TrybWysylki>${mode}</TrybWysylki></Dokument></Potwierdzenie>`;
    expect(upoInvoicingMode(upo('Online'))).toBe('Online');
    expect(upoInvoicingMode(upo('Offline'))).toBe('Offline');
    expect(upoInvoicingMode('<upo:TrybWysylki>Offline</upo:TrybWysylki>')).toBe('Offline');
    expect(upoInvoicingMode(upo('Inny'))).toBeNull();
    expect(upoInvoicingMode('<Potwierdzenie/>')).toBeNull();
  });
});
