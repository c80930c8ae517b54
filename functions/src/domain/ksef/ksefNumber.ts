/**
 * The KSeF number KSeF gives an accepted invoice: 35 characters,
 * `{seller NIP, 10 digits}-{acceptance date YYYYMMDD}-{12 hex}-{CRC-8, 2 hex}`, e.g.
 * `5265877635-20250826-0100001AF629-AF`. The checksum is CRC-8 (polynomial 0x07, initial value 0x00)
 * of the first 32 characters, printed as two upper-case hex digits (Ministry of Finance, KSeF 2.0
 * documentation, "Numer KSeF – struktura i walidacja").
 */
export const KSEF_NUMBER_PATTERN = /^(\d{10})-(\d{4})(\d{2})(\d{2})-([0-9A-F]{12})-([0-9A-F]{2})$/;

export function crc8(text: string): number {
  let crc = 0;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

interface KsefNumberParts {
  sellerNip: string;
  /** The acceptance date in the number, YYYY-MM-DD. */
  acceptedOn: string;
}

/** Parses a KSeF number; null when the structure, the date or the checksum is wrong. */
export function parseKsefNumber(text: string): KsefNumberParts | null {
  const m = KSEF_NUMBER_PATTERN.exec(text);
  if (!m) return null;
  const [, nip, y, mo, d] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d))
    return null;
  if (crc8(text.slice(0, 32)).toString(16).toUpperCase().padStart(2, '0') !== m[6]) return null;
  return { sellerNip: nip, acceptedOn: `${y}-${mo}-${d}` };
}

/** Builds a number with a correct checksum (fixtures and tests; real numbers come from KSeF). */
export function withKsefChecksum(first32: string): string {
  return `${first32}-${crc8(first32).toString(16).toUpperCase().padStart(2, '0')}`;
}
