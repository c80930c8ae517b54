import { createHash } from 'node:crypto';

/**
 * base64(sha1(utf8(text))) as the SDK computes it. The SDK's own UTF-8 encoder differs from
 * Buffer's only for lone surrogates, so those (rare) strings take the SDK's byte-by-byte route.
 */
export function sha1Base64(text: string): string {
  const h = createHash('sha1');
  if ((text as unknown as { isWellFormed(): boolean }).isWellFormed()) h.update(text, 'utf8');
  else h.update(sdkUtf8Bytes(text));
  return h.digest('base64');
}

function sdkUtf8Bytes(str: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < str.length; i++) {
    let c = str.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      // The SDK assumes a trail surrogate follows; reproduce its arithmetic whatever follows.
      const high = c - 0xd800;
      i++;
      const low = (i < str.length ? str.charCodeAt(i) : NaN) - 0xdc00;
      c = 0x10000 + (high << 10) + low;
    }
    if (c < 128) out.push(c);
    else if (c < 2048) out.push((c >> 6) | 192, (c & 63) | 128);
    else if (c < 65536) out.push((c >> 12) | 224, ((c >> 6) & 63) | 128, (c & 63) | 128);
    else out.push((c >> 18) | 240, ((c >> 12) & 63) | 128, ((c >> 6) & 63) | 128, (c & 63) | 128);
  }
  return Uint8Array.from(out, (b) => b & 0xff);
}

const scratch = new DataView(new ArrayBuffer(8));
const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const BIAS = 1023;

/**
 * The SDK's doubleToIEEE754String: 16 lowercase hex digits. The SDK derives the exponent with
 * floor(log(v)/LN2), which is off by one for some values near powers of two, and scales by
 * 2^(52-ln), which overflows for tiny normal numbers; its output then is not the true IEEE-754
 * encoding, and hashes must reproduce it, so those cases replay its arithmetic exactly.
 * Otherwise the result equals the real bits, read directly.
 */
export function doubleToIEEE754String(v: number): string {
  if (v !== 0) {
    const a = Math.abs(v);
    if (a >= Math.pow(2, 1 - BIAS)) {
      const ln = Math.min(Math.floor(Math.log(a) / Math.LN2), BIAS);
      scratch.setFloat64(0, v);
      const trueExp = ((scratch.getUint16(0) >> 4) & 0x7ff) - BIAS;
      // Below 2^-971 the SDK's scale factor 2^(52-ln) overflows to Infinity and the fraction
      // bits come out as zeros; that too must be reproduced.
      if (ln !== trueExp || 52 - ln > 1023) return sdkSlowPath(v, ln);
    }
  }
  scratch.setFloat64(0, v);
  let s = '';
  for (let i = 0; i < 8; i++) s += HEX[scratch.getUint8(i)];
  return s;
}

function sdkSlowPath(v: number, ln: number): string {
  const s = v < 0;
  const a = Math.abs(v);
  let e = ln + BIAS;
  let f = Math.round(a * Math.pow(2, 52 - ln) - Math.pow(2, 52));
  const bits: number[] = [];
  for (let i = 52; i; i -= 1) {
    bits.push(f % 2 ? 1 : 0);
    f = Math.floor(f / 2);
  }
  for (let i = 11; i; i -= 1) {
    bits.push(e % 2 ? 1 : 0);
    e = Math.floor(e / 2);
  }
  bits.push(s ? 1 : 0);
  bits.reverse();
  const str = bits.join('');
  let hex = '';
  for (let i = 0; i < 64; i += 8) hex += parseInt(str.substr(i, 8), 2).toString(16).padStart(2, '0');
  return hex;
}

/** The SDK's priorityHashText. */
export function priorityHashText(priority: string | number): string {
  return typeof priority === 'number' ? 'number:' + doubleToIEEE754String(priority) : 'string:' + priority;
}
