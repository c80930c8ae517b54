/**
 * The rows of the admin's KSeF board: every invoice and correction with its FA(3) file, its KSeF record and its
 * outbox entry, and the one state the board shows for it (docs/ksef.md, „States”). Pure.
 */
import type { InvoiceData } from '@domain/schemas';
import { ksefFileFor, ksefFileForCorrection, ksefRequired, type KsefFile, type KsefRecord } from '@domain/ksef/record';
import type { KsefOutboxEntry } from '@domain/ksef/outbox';
import { deadlineState, type DeadlineState } from '@domain/ksef/offline';
import type { StoredCorrection, StoredInvoice } from './api';

const MONTHS = [
  'styczeń',
  'luty',
  'marzec',
  'kwiecień',
  'maj',
  'czerwiec',
  'lipiec',
  'sierpień',
  'wrzesień',
  'październik',
  'listopad',
  'grudzień',
];

/** `2026-02` → `luty 2026`. */
export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/**
 * accepted: in KSeF with a number · sent: KSeF is processing it · queued: waits for the next run · offline: handed
 * out in offline24 mode, not yet in KSeF · waiting: a correction waiting for its invoice's number · rejected: KSeF
 * (or our own check) refused it · pending: not in the outbox (a consumer's, or issued before automatic sending).
 */
export const BOARD_STATES = ['accepted', 'sent', 'queued', 'offline', 'waiting', 'rejected', 'pending'] as const;
type BoardState = (typeof BOARD_STATES)[number];
export const BOARD_STATE_LABELS: Record<BoardState, string> = {
  accepted: 'przyjęta',
  sent: 'wysłana',
  queued: 'w kolejce',
  offline: 'offline24',
  waiting: 'czeka na fakturę pierwotną',
  rejected: 'odrzucona',
  pending: 'poza kolejką',
};
export const BOARD_STATE_COLORS: Record<BoardState, string> = {
  accepted: 'green',
  sent: 'blue',
  queued: 'gray',
  offline: 'orange',
  waiting: 'yellow',
  rejected: 'red',
  pending: 'gray',
};

export interface KsefRow {
  /** `uid/documentId`, the key of its `/ksef` record. */
  key: string;
  uid: string;
  /** `FV-…` or `KOR-…`: the id the record and the outbox entry are stored under. */
  documentId: string;
  kind: 'invoice' | 'correction';
  number: string;
  issueDate: string;
  buyer: InvoiceData | undefined;
  gross: number;
  /** For a correction: the invoice it corrects. */
  corrected?: { invoiceId: string; number: string };
  record: KsefRecord | null;
  entry: KsefOutboxEntry | null;
  state: BoardState;
  required: boolean;
  file: KsefFile;
  /** A correction whose invoice (that must be in KSeF) has no KSeF number yet: the invoice's number. */
  waitsFor: string | null;
  /** Offline24 and not yet in KSeF: how near its deadline is. */
  alarm: DeadlineState | null;
}

function boardState(record: KsefRecord | null, entry: KsefOutboxEntry | null, waitsFor: string | null): BoardState {
  if (record || entry?.status === 'accepted') return 'accepted';
  if (!entry) return waitsFor ? 'waiting' : 'pending';
  if (entry.status === 'rejected') return 'rejected';
  if (entry.status === 'sent') return 'sent';
  if (entry.offline) return 'offline';
  return entry.waitingFor || waitsFor ? 'waiting' : 'queued';
}

type Base = Omit<KsefRow, 'state' | 'alarm' | 'entry' | 'record' | 'key'>;
function row(
  base: Base,
  records: Record<string, KsefRecord>,
  outbox: Record<string, KsefOutboxEntry>,
  today: string,
): KsefRow {
  const key = `${base.uid}/${base.documentId}`;
  const record = records[key] ?? null;
  const entry = outbox[base.documentId] ?? null;
  const state = boardState(record, entry, base.waitsFor);
  const alarm = entry?.offline?.deadline && state !== 'accepted' ? deadlineState(entry.offline.deadline, today) : null;
  return { ...base, key, record, entry, state, alarm };
}

/** Invoices and corrections as one list, newest first; a correction's file names the corrected invoice's KSeF number. */
export function ksefRows(
  invoices: readonly StoredInvoice[],
  corrections: readonly StoredCorrection[],
  records: Record<string, KsefRecord>,
  outbox: Record<string, KsefOutboxEntry>,
  today: string,
): KsefRow[] {
  const rows = invoices.map((s) => {
    const inv = s.invoice;
    const base: Base = {
      uid: s.uid,
      documentId: s.invoiceId,
      kind: 'invoice',
      number: inv.number,
      issueDate: inv.issueDate,
      buyer: inv.buyer,
      gross: inv.totals?.gross ?? 0,
      required: ksefRequired(inv.buyer),
      file: ksefFileFor(inv, records[`${s.uid}/${s.invoiceId}`]),
      waitsFor: null,
    };
    return row(base, records, outbox, today);
  });
  for (const s of corrections) {
    const c = s.correction;
    const own = records[`${s.uid}/${s.correctionId}`] ?? null;
    const correctedRecord = records[`${s.uid}/${c.corrected?.invoiceId}`] ?? null;
    const required = ksefRequired(c.buyer);
    const waitsFor = !own && required && !correctedRecord ? (c.corrected?.number ?? '') : null;
    const corrected = c.corrected ? { invoiceId: c.corrected.invoiceId, number: c.corrected.number } : undefined;
    const base: Base = {
      uid: s.uid,
      documentId: s.correctionId,
      kind: 'correction',
      number: c.number,
      issueDate: c.issueDate,
      buyer: c.buyer,
      gross: c.totals?.gross ?? 0,
      corrected,
      required,
      file: ksefFileForCorrection(c, correctedRecord, own),
      waitsFor,
    };
    rows.push(row(base, records, outbox, today));
  }
  // Newest day first; within a day the higher number first (the series carry the year and a gapless sequence).
  return rows.sort((a, b) => b.issueDate.localeCompare(a.issueDate) || b.number.localeCompare(a.number));
}

export function filterKsefRows(rows: readonly KsefRow[], month: string, buyer: string, state: string): KsefRow[] {
  return rows.filter(
    (r) =>
      r.issueDate.startsWith(`${month}-`) &&
      (buyer === 'all' || r.buyer?.kind === buyer) &&
      (state === 'all' || r.state === state),
  );
}

/** Offline documents not yet in KSeF whose deadline is today or past, across all months: the board's alarm. */
export function offlineAlarms(rows: readonly KsefRow[]): KsefRow[] {
  return rows
    .filter((r) => r.alarm === 'today' || r.alarm === 'overdue')
    .sort((a, b) => (a.entry?.offline?.deadline ?? '').localeCompare(b.entry?.offline?.deadline ?? ''));
}
