/**
 * Offline24 (KSeF 2.0 documentation, `tryby-offline.md`, `kody-qr.md`): when KSeF cannot take an invoice
 * (no answer, 5xx, an announced outage), the invoice is handed to the buyer with two QR codes — KOD I (the
 * usual verification link, from the file's SHA-256) labelled OFFLINE instead of a KSeF number, and KOD II,
 * a link signed with the seller's KSeF offline certificate, labelled CERTYFIKAT — and must be sent to KSeF
 * by the end of the next business day after its issue date. Pure: the calendar, the deadline, the alarm
 * and the KOD II link (signing happens in the functions, which hold the key).
 */
import { z } from 'zod';
import { isoDateSchema } from '../schemas.js';
import { ksefQrEnvironmentSchema } from './kodI.js';

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
const addDays = (isoDate: string, days: number) => {
  const d = utcDay(isoDate);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
};

/** Easter Sunday (Gregorian, the anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Public holidays in Poland (ustawa o dniach wolnych od pracy, art. 1): the fixed days, Christmas Eve from 2025
 * (the amendment of 2024), and the movable ones that fall on weekdays: Easter Monday and Corpus Christi
 * (Easter Sunday and Pentecost are Sundays anyway).
 */
export function polishPublicHolidays(year: number): Set<string> {
  const fixed = [
    '01-01',
    '01-06',
    '05-01',
    '05-03',
    '08-15',
    '11-01',
    '11-11',
    '12-25',
    '12-26',
    ...(year >= 2025 ? ['12-24'] : []),
  ];
  const easter = easterSunday(year);
  return new Set([
    ...fixed.map((md) => `${year}-${md}`),
    easter,
    addDays(easter, 1),
    addDays(easter, 49),
    addDays(easter, 60),
  ]);
}

/** A business day: not a Saturday or Sunday (tax deadlines move off Saturdays too, Ordynacja podatkowa art. 12 § 5), not a public holiday. */
export function isBusinessDay(isoDate: string): boolean {
  const weekday = utcDay(isoDate).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !polishPublicHolidays(Number(isoDate.slice(0, 4))).has(isoDate);
}

export function nextBusinessDay(isoDate: string): string {
  let day = addDays(isoDate, 1);
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** Offline24: the invoice must be in KSeF by the end of the next business day after its issue date (YYYY-MM-DD). */
export function offline24Deadline(issueDate: string): string {
  return nextBusinessDay(issueDate);
}

/** The `days`-th business day after `isoDate`. */
export function addBusinessDays(isoDate: string, days: number): string {
  let day = isoDate;
  for (let i = 0; i < days; i++) day = nextBusinessDay(day);
  return day;
}

/**
 * The offline modes of the Ministry's documentation (`tryby-offline.md`, „Porównanie trybów”) a document can be
 * handed out in: `offline24` — the seller's own (we use it when KSeF does not answer); `unavailability` — „offline –
 * niedostępność systemu”, announced by the Ministry (BIP and the API; art. 106nh); `emergency` — „tryb awaryjny”, a
 * declared KSeF failure (art. 106nf). A total failure (announced in the mass media) needs no KSeF at all and is not
 * handled here.
 */
const KSEF_OFFLINE_MODES = ['offline24', 'unavailability', 'emergency'] as const;
export const ksefOfflineModeSchema = z.enum(KSEF_OFFLINE_MODES);
export type KsefOfflineMode = z.output<typeof ksefOfflineModeSchema>;
export const KSEF_OFFLINE_MODE_LABELS: Record<KsefOfflineMode, string> = {
  offline24: 'offline24',
  unavailability: 'offline – niedostępność KSeF',
  emergency: 'tryb awaryjny',
};

/** The heading of a document handed out offline, on the invoice screen and its PDF: the mode it was issued in. */
export const KSEF_OFFLINE_TITLES: Record<KsefOfflineMode, string> = {
  offline24: 'Faktura wystawiona w trybie offline24',
  unavailability: 'Faktura wystawiona offline — ogłoszona niedostępność KSeF',
  emergency: 'Faktura wystawiona w trybie awaryjnym KSeF',
};

/**
 * `/ksefOutage`: an outage of KSeF the organiser declared after the Ministry announced it. While it lasts (no
 * `endedOn`) the runner does not try KSeF: every due document is handed out offline in its mode at once.
 */
export const ksefOutageSchema = z.strictObject({
  mode: z.enum(['unavailability', 'emergency']),
  since: z.number().int(),
  declaredBy: z.string().min(1).max(128),
  /** The Ministry's announcement, as the organiser noted it. */
  note: z.string().max(500).optional(),
  /** The day it ended (Warsaw), once the organiser ended it: the deadlines count from it. */
  endedOn: z.optional(isoDateSchema),
  endedAt: z.number().int().optional(),
});
export type KsefOutage = z.output<typeof ksefOutageSchema>;
export type KsefOutageMode = KsefOutage['mode'];

/** An outage that has not ended. */
export const outageActive = (outage: KsefOutage | null | undefined): outage is KsefOutage =>
  Boolean(outage && !outage.endedOn);

/**
 * The day a document handed out offline must be in KSeF by (`tryby-offline.md`): offline24 — the next business day
 * after its issue date; unavailability — the next business day after the outage ended; emergency — the seventh
 * business day after it ended. Null while the outage it waits for lasts (the deadline is not known yet).
 */
export function offlineDeadline(
  mode: KsefOfflineMode,
  issueDate: string,
  outageEndedOn?: string | null,
): string | null {
  if (mode === 'offline24') return offline24Deadline(issueDate);
  return outageEndedOn ? outageDeadline(mode, outageEndedOn) : null;
}

/** The deadline of the documents of a declared outage that ended on `endedOn`. */
export function outageDeadline(mode: KsefOutageMode, endedOn: string): string {
  return mode === 'unavailability' ? nextBusinessDay(endedOn) : addBusinessDays(endedOn, 7);
}

/**
 * A declared failure (tryb awaryjny) announced while a document offline24 or „niedostępność” still had time resets
 * its deadline: it counts like the emergency's own documents, seven business days from the failure's end
 * (`tryby-offline.md`, „Terminy przesłania faktur w przypadku nakładających się awarii”). A deadline already past
 * stays past.
 */
export function modeAfterEmergency(
  current: { mode: KsefOfflineMode; deadline?: string | null },
  declaredOn: string,
): KsefOfflineMode {
  return current.mode === 'emergency' || !current.deadline || current.deadline >= declaredOn
    ? 'emergency'
    : current.mode;
}

/** How near a deadline is, for the admin's alarm: past it, its last day, or later. */
export type DeadlineState = 'overdue' | 'today' | 'upcoming';
export function deadlineState(deadline: string, today: string): DeadlineState {
  return today > deadline ? 'overdue' : today === deadline ? 'today' : 'upcoming';
}

export interface KodIIParts {
  qrBase: string;
  /** The context the certificate was issued in: our seller's NIP. */
  contextNip: string;
  sellerNip: string;
  /** The offline certificate's serial number, hex. */
  certificateSerial: string;
  /** SHA-256 of the invoice file, Base64URL (the same as in KOD I). */
  hashBase64Url: string;
}

/** What is signed for KOD II: the link without `https://` and without a trailing `/` (kody-qr.md, „Format podpisu”). */
export function kodIISigningInput(p: KodIIParts): string {
  if (!/^\d{10}$/.test(p.contextNip) || !/^\d{10}$/.test(p.sellerNip)) throw new RangeError('NIP must be 10 digits');
  if (!/^[0-9A-F]+$/i.test(p.certificateSerial)) throw new RangeError('Certificate serial must be hex');
  if (!/^[A-Za-z0-9_-]{43}$/.test(p.hashBase64Url)) throw new RangeError('Not a Base64URL SHA-256');
  return `${p.qrBase.replace(/^https:\/\//, '').replace(/\/+$/, '')}/certificate/Nip/${p.contextNip}/${p.sellerNip}/${p.certificateSerial.toUpperCase()}/${p.hashBase64Url}`;
}

/** The KOD II link: the signed input, then the signature (RSASSA-PSS or ECDSA P-256, Base64URL). */
export function kodIILink(signingInput: string, signatureBase64Url: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(signatureBase64Url)) throw new RangeError('Signature must be Base64URL');
  return `https://${signingInput}/${signatureBase64Url}`;
}

/**
 * `/ksefOffline/{uid}/{documentId}`: a document handed out in offline24 mode, readable by its owner (the invoice
 * screen and the PDF show OFFLINE under KOD I, and KOD II). Written by the KSeF runner when it marks the document;
 * kept after the document reaches KSeF (then `/ksef` holds its number, shown under KOD I, and KOD II stays beside it:
 * kody-qr.md — an offline invoice carries both codes, the KSeF number under KOD I once it is sent). Also written
 * when KSeF itself recorded as offline a document sent online (`byKsef`: its issue date was a day before KSeF
 * received it, offline/automatyczne-okreslanie-trybu-offline.md) — it is an offline invoice, already in KSeF.
 */
export const ksefOfflineSchema = z.strictObject({
  /** SHA-256 of the file (Base64URL): KOD I's last part, fixed when the document went offline. */
  sha256: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  markedAt: z.number().int(),
  /** Absent while the declared outage it waits for lasts. */
  deadline: z.optional(isoDateSchema),
  /** Absent on documents marked before the modes were told apart: offline24. */
  mode: ksefOfflineModeSchema.optional(),
  /** Absent when no offline certificate is configured (the admin sees why). */
  kodII: z.string().url().max(2000).optional(),
  /** The KSeF environment the document goes to: KOD I's host (kodI.ts). */
  environment: ksefQrEnvironmentSchema.optional(),
  /** KSeF recorded it as offline although it was sent online (no deadline: it is in KSeF already). */
  byKsef: z.literal(true).optional(),
});
export type KsefOffline = z.output<typeof ksefOfflineSchema>;
