import { describe, expect, it } from 'vitest';
import { base64Encode } from '@firebase/util';
import { SegmentAssembler, decodeWebSafeBase64 } from '../../src/server/longpoll.js';

// The SDK splits base64 of each message into URL segments of at most 1840 characters.
function segmentsOf(messages: string[], size = 1840): Array<{ seg: number; ts: number; d: string }> {
  const out: Array<{ seg: number; ts: number; d: string }> = [];
  let seg = 0;
  for (const message of messages) {
    const data = base64Encode(message);
    const parts: string[] = [];
    for (let i = 0; i < data.length; i += size) parts.push(data.slice(i, i + size));
    for (const d of parts) out.push({ seg: seg++, ts: parts.length, d });
  }
  return out;
}

describe('decodeWebSafeBase64', () => {
  it('decodes the SDK web-safe alphabet with "." padding', () => {
    for (const text of ['a', 'ab', 'abc', '{"t":"d"}', 'zażółć ~~~ ???'])
      expect(decodeWebSafeBase64(base64Encode(text))).toBe(text);
  });
});

describe('SegmentAssembler', () => {
  it('reassembles messages from in-order segments', () => {
    const messages = ['{"t":"d","d":{"r":1}}', JSON.stringify({ big: 'ę'.repeat(3000) })];
    const assembler = new SegmentAssembler();
    const out = segmentsOf(messages).flatMap((s) => assembler.add(s.seg, s.ts, s.d));
    expect(out).toEqual(messages);
  });

  it('waits for missing segments when polls arrive out of order', () => {
    const messages = [JSON.stringify({ a: 'x'.repeat(4000) }), '{"b":1}'];
    const segs = segmentsOf(messages);
    const assembler = new SegmentAssembler();
    const reversed = [...segs].reverse();
    const out: string[] = [];
    for (const s of reversed.slice(0, -1)) out.push(...assembler.add(s.seg, s.ts, s.d));
    expect(out).toEqual([]);
    const last = reversed.at(-1)!;
    expect(assembler.add(last.seg, last.ts, last.d)).toEqual(messages);
  });
});
