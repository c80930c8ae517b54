/**
 * Text encoding of a statement file. Polish banks export UTF-8 (with or without a BOM) or the legacy
 * Windows-1250, sometimes ISO-8859-2. Decoding uses the platform's WHATWG `TextDecoder` (browsers and
 * Node with full ICU know all three), so no conversion library is needed; what has to be decided is
 * which of them a file is in, and whether it is text at all.
 */
import { StatementError, type TextEncodingName } from './types.js';

/** Bytes that differ between Windows-1250 and ISO-8859-2 for Polish letters (ą ś ź Ą Ś Ź): +1 Windows, −1 ISO. */
const SINGLE_BYTE_VOTE = new Int8Array(256);
for (const b of [0xb9, 0x9c, 0x9f, 0xa5, 0x8c, 0x8f]) SINGLE_BYTE_VOTE[b] = 1;
for (const b of [0xb1, 0xb6, 0xbc, 0xa1, 0xa6, 0xac]) SINGLE_BYTE_VOTE[b] = -1;

/**
 * Double-encoded UTF-8 (UTF-8 bytes read as Windows-1250/Latin-1 and saved again as UTF-8): the
 * Polish letters come out as these pairs — "Ä…" for ą, "Å‚" for ł, "Ã³" for ó.
 */
const MOJIBAKE = /\u00c4[\u0084-\u0087\u0098\u0099\u02dc\u201e\u2020\u2021\u2026\u2122]|[\u00c5\u0139][\u0081-\u0084\u009a\u009b\u00b9-\u00bc\u0105\u013d\u015f\u0161\u0165\u017a\u0192\u201a\u201e\u203a]|[\u00c3\u0102][\u0093\u00b3\u0142\u201c]/;

/** What the admin may choose instead of automatic recognition. */
export type ChosenEncoding = 'auto' | 'utf-8' | 'windows-1250' | 'iso-8859-2';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/**
 * Decodes a statement file. `encoding: 'auto'` picks UTF-8 when the bytes are valid UTF-8, otherwise
 * Windows-1250 or ISO-8859-2 by which of their distinct Polish letters the file uses. Refuses binary
 * files (spreadsheets, PDFs, UTF-16 without a BOM) and visibly double-encoded text.
 */
export function decodeStatementBytes(bytes: Uint8Array, encoding: ChosenEncoding = 'auto'): DecodedText {
  if (bytes.length === 0) throw new StatementError('empty', 'Plik jest pusty.');
  let start = 0;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16' };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  refuseBinary(bytes);
  const body = bytes.subarray(start);
  let text: string;
  let chosen: TextEncodingName;
  if (encoding === 'auto') {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body);
      chosen = 'utf-8';
    } catch {
      chosen = guessSingleByte(body);
      text = new TextDecoder(chosen).decode(body);
    }
  } else {
    chosen = encoding;
    try {
      text = new TextDecoder(chosen, { fatal: chosen === 'utf-8' }).decode(body);
    } catch {
      throw new StatementError('bad-encoding', 'Plik nie jest zapisany w kodowaniu UTF-8 — wybierz kodowanie Windows-1250 lub ISO-8859-2 albo rozpoznawanie automatyczne.');
    }
  }
  if (MOJIBAKE.test(text)) {
    throw new StatementError(
      'bad-encoding',
      'Polskie znaki w pliku są zniekształcone (np. „Ä…” zamiast „ą”) — plik został zapisany w złym kodowaniu. Pobierz wyciąg z banku ponownie albo wybierz inne kodowanie.',
    );
  }
  return { text, encoding: chosen };
}

/** NUL bytes and many other control bytes mean this is not a text export (XLSX, PDF, UTF-16 without BOM). */
function refuseBinary(bytes: Uint8Array): void {
  const sample = bytes.subarray(0, Math.min(bytes.length, 64 * 1024));
  let control = 0;
  for (const b of sample) {
    if (b === 0) throw binaryError();
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x1a) control++;
  }
  if (control > sample.length / 100) throw binaryError();
}

function binaryError(): StatementError {
  return new StatementError('binary', 'To nie jest plik tekstowy wyciągu (może arkusz Excela lub PDF?). Wyeksportuj z banku wyciąg w formacie MT940, XML (camt.053) albo CSV.');
}

function guessSingleByte(bytes: Uint8Array): TextEncodingName {
  let vote = 0;
  for (let i = 0; i < bytes.length; i++) vote += SINGLE_BYTE_VOTE[bytes[i]];
  return vote < 0 ? 'iso-8859-2' : 'windows-1250';
}
