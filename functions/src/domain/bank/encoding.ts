/**
 * Text encoding of a statement file. Polish banks export UTF-8 (with or without a BOM) or the legacy
 * Windows-1250, sometimes ISO-8859-2, and MultiCash exports CP852. The first three are decoded with the
 * platform's WHATWG `TextDecoder`, CP852 from its table; what has to be decided is which of them a file
 * is in, and whether it is text at all.
 */
import { StatementError, type TextEncodingName } from './types.js';

/**
 * CP852 (DOS Latin-2, still written by MultiCash/EBICS exports of BPH and Pekao), bytes 0x80–0xFF. The
 * WHATWG `TextDecoder` does not know it, so it is decoded from this table.
 */
const CP852_HIGH =
  'ÇüéâäůćçłëŐőîŹÄĆÉĹĺôöĽľŚśÖÜŤťŁ×čáíóúĄąŽžĘę¬źČş«»░▒▓│┤ÁÂĚŞ╣║╗╝Żż┐└┴┬├─┼Ăă╚╔╩╦╠═╬¤đĐĎËďŇÍÎě┘┌█▄ŢŮ▀ÓßÔŃńňŠšŔÚŕŰýÝţ´\u00ad˝˛ˇ˘§÷¸°¨˙űŘř■\u00a0';

const POLISH_LETTERS = new Set('ąćęłńóśźżĄĆĘŁŃÓŚŹŻ');
/**
 * Characters a Polish statement may well contain besides Polish letters: neither for nor against an
 * encoding. „˙” (byte 0xFF in ISO-8859-2 and Windows-1250) is how PKO BP fills empty MT940 sub-fields;
 * CP852 reads the same byte as a no-break space, so neither may tip the choice.
 */
const NEUTRAL = new Set('\u00a0\u02d9§°–—„”“’«»×÷éüöäáíúčšžÉÜÖÄ');

type SingleByte = 'windows-1250' | 'iso-8859-2' | 'cp852';
const SINGLE_BYTE: readonly SingleByte[] = ['windows-1250', 'iso-8859-2', 'cp852'];

function highHalf(encoding: SingleByte): string {
  if (encoding === 'cp852') return CP852_HIGH;
  return new TextDecoder(encoding).decode(Uint8Array.from({ length: 128 }, (_, i) => 128 + i));
}

/** Per encoding, what each byte 0x80–0xFF says for it: +2 a Polish letter, 0 neutral, −1 unlikely in Polish text. */
let byteScores: Record<SingleByte, Int8Array> | undefined;
function scores(): Record<SingleByte, Int8Array> {
  byteScores ??= Object.fromEntries(
    SINGLE_BYTE.map((e) => [
      e,
      Int8Array.from(highHalf(e), (ch) => (POLISH_LETTERS.has(ch) ? 2 : NEUTRAL.has(ch) ? 0 : -1)),
    ]),
  ) as Record<SingleByte, Int8Array>;
  return byteScores;
}

function decodeSingleByte(bytes: Uint8Array, encoding: SingleByte): string {
  if (encoding !== 'cp852') return new TextDecoder(encoding).decode(bytes);
  let out = '';
  const CHUNK = 8192;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    const part = bytes.subarray(i, i + CHUNK);
    out += String.fromCharCode(...Array.from(part, (b) => (b < 128 ? b : CP852_HIGH.charCodeAt(b - 128))));
  }
  return out;
}

/**
 * Double-encoded UTF-8 (UTF-8 bytes read as Windows-1250/Latin-1 and saved again as UTF-8): the
 * Polish letters come out as these pairs — "Ä…" for ą, "Å‚" for ł, "Ã³" for ó.
 */
const MOJIBAKE = new RegExp(
  [
    String.raw`\u00c4[\u0084-\u0087\u0098\u0099\u02dc\u201e\u2020\u2021\u2026\u2122]`,
    String.raw`[\u00c5\u0139][\u0081-\u0084\u009a\u009b\u00b9-\u00bc\u0105\u013d\u015f\u0161\u0165\u017a\u0192\u201a\u201e\u203a]`,
    String.raw`[\u00c3\u0102][\u0093\u00b3\u0142\u201c]`,
  ].join('|'),
);

/** What the admin may choose instead of automatic recognition. */
export type ChosenEncoding = 'auto' | 'utf-8' | 'windows-1250' | 'iso-8859-2' | 'cp852';

interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** Automatic choice between single-byte encodings whose Polish letters scored close: the admin should check. */
  uncertain?: true;
}

/**
 * Decodes a statement file. `encoding: 'auto'` picks UTF-8 when the bytes are valid UTF-8, otherwise
 * Windows-1250, ISO-8859-2 or CP852 by which of them reads the file's high bytes as Polish letters. Refuses binary
 * files (spreadsheets, PDFs, UTF-16 without a BOM) and visibly double-encoded text.
 */
export function decodeStatementBytes(bytes: Uint8Array, encoding: ChosenEncoding = 'auto'): DecodedText {
  if (bytes.length === 0) throw new StatementError('empty', 'Plik jest pusty.');
  let start = 0;
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16' };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  refuseBinary(bytes);
  const body = bytes.subarray(start);
  let text: string;
  let chosen: TextEncodingName;
  let uncertain = false;
  if (encoding === 'auto') {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body);
      chosen = 'utf-8';
    } catch {
      const guess = guessSingleByte(body);
      chosen = guess.encoding;
      uncertain = guess.uncertain;
      text = decodeSingleByte(body, guess.encoding);
    }
  } else if (encoding === 'utf-8') {
    chosen = encoding;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      throw new StatementError(
        'bad-encoding',
        'Plik nie jest zapisany w kodowaniu UTF-8 — wybierz kodowanie Windows-1250, ISO-8859-2 lub CP852 albo rozpoznawanie automatyczne.',
      );
    }
  } else {
    chosen = encoding;
    text = decodeSingleByte(body, encoding);
  }
  if (MOJIBAKE.test(text)) {
    throw new StatementError(
      'bad-encoding',
      'Polskie znaki w pliku są zniekształcone (np. „Ä…” zamiast „ą”) — plik został zapisany w złym kodowaniu. Pobierz wyciąg z banku ponownie albo wybierz inne kodowanie.',
    );
  }
  return { text, encoding: chosen, ...(uncertain ? { uncertain: true as const } : {}) };
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
  return new StatementError(
    'binary',
    'To nie jest plik tekstowy wyciągu (może arkusz Excela lub PDF?). Wyeksportuj z banku wyciąg w formacie MT940, XML (camt.053) albo CSV.',
  );
}

/**
 * Windows-1250, ISO-8859-2 or CP852, by which of them turns the file's high bytes into Polish letters
 * rather than symbols and letters of other languages. Uncertain when the runner-up scores close.
 */
function guessSingleByte(bytes: Uint8Array): { encoding: SingleByte; uncertain: boolean } {
  const counts = new Uint32Array(256);
  for (let i = 0; i < bytes.length; i++) counts[bytes[i]]++;
  const table = scores();
  const ranked = SINGLE_BYTE.map((encoding) => {
    let score = 0;
    for (let b = 128; b < 256; b++) score += counts[b] * table[encoding][b - 128];
    return { encoding, score };
  }).sort((a, b) => b.score - a.score);
  const [best, second] = ranked;
  const uncertain = best.score <= 0 || best.score - second.score < Math.max(4, best.score / 4);
  return { encoding: best.encoding, uncertain };
}
