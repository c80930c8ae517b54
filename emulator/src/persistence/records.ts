import { crc32 } from 'node:zlib';
import type { JournalOp } from './types.js';

// One record per line: `<crc32 of the JSON, 8 hex digits> <JSON>\n`. JSON.stringify never emits a raw
// newline, so a line boundary is a record boundary and a reader can resynchronise on any line.
// The sequence number `s` runs across journal generations, so a lost or reordered record shows.

interface RecordBody {
  s: number;
  ns: string;
  k: 's' | 'm';
  p: string;
  d: unknown;
}

export function encodeRecord(seq: number, op: JournalOp): Buffer {
  const body: RecordBody = { s: seq, ns: op.ns, k: op.kind === 'set' ? 's' : 'm', p: op.path, d: op.data };
  const json = Buffer.from(JSON.stringify(body), 'utf8');
  const line = Buffer.allocUnsafe(json.length + 10);
  line.write(crc32(json).toString(16).padStart(8, '0'), 0, 'latin1');
  line[8] = 0x20;
  json.copy(line, 9);
  line[line.length - 1] = 0x0a;
  return line;
}

interface DecodedJournal {
  /** The valid records before any damage, each with the byte offset of its line. */
  records: Array<{ seq: number; op: JournalOp; offset: number }>;
  /** Bytes of complete, valid records; anything after it is a torn tail (or damage). */
  validLength: number;
  tornBytes: number;
  /** A complete line that is not a valid record: where it starts and what is wrong with it. */
  damage: { offset: number; problem: string } | null;
}

function isAllZero(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (buf[i] !== 0) return false;
  return true;
}

/**
 * A crash can only tear what was being written, i.e. the end of the file: bytes after the last
 * newline (a write cut short), or a zero-filled region (a file extended but not yet written when the
 * machine lost power). Any complete line that fails its checksum or does not parse was durable once
 * and is now damaged — that is corruption: decoding stops there and reports it in `damage` (the
 * caller refuses to start, or cuts the journal there when asked to repair it).
 */
export function decodeJournal(buf: Buffer): DecodedJournal {
  const records: DecodedJournal['records'] = [];
  let pos = 0;
  const damaged = (problem: string): DecodedJournal => ({
    records,
    validLength: pos,
    tornBytes: 0,
    damage: { offset: pos, problem },
  });
  while (pos < buf.length) {
    const nl = buf.indexOf(0x0a, pos);
    if (nl === -1 || isAllZero(buf, pos, buf.length)) {
      return { records, validLength: pos, tornBytes: buf.length - pos, damage: null };
    }
    if (nl - pos < 10 || buf[pos + 8] !== 0x20) return damaged('malformed record');
    const expected = Number.parseInt(buf.toString('latin1', pos, pos + 8), 16);
    const json = buf.subarray(pos + 9, nl);
    if (!/^[0-9a-f]{8}$/.test(buf.toString('latin1', pos, pos + 8)) || crc32(json) !== expected) {
      return damaged('checksum mismatch');
    }
    let body: RecordBody;
    try {
      body = JSON.parse(json.toString('utf8')) as RecordBody;
    } catch {
      return damaged('record is not valid JSON');
    }
    if (
      typeof body !== 'object' ||
      body === null ||
      typeof body.s !== 'number' ||
      typeof body.ns !== 'string' ||
      (body.k !== 's' && body.k !== 'm') ||
      typeof body.p !== 'string' ||
      !('d' in body)
    ) {
      return damaged('record has an unexpected shape');
    }
    records.push({
      seq: body.s,
      op: { ns: body.ns, kind: body.k === 's' ? 'set' : 'merge', path: body.p, data: body.d },
      offset: pos,
    });
    pos = nl + 1;
  }
  return { records, validLength: pos, tornBytes: 0, damage: null };
}

/** Complete records (lines) in `buf` from `offset` on, damaged ones included. */
export function countLines(buf: Buffer, offset: number): number {
  let lines = 0;
  for (let i = buf.indexOf(0x0a, offset); i !== -1; i = buf.indexOf(0x0a, i + 1)) lines++;
  return lines;
}
