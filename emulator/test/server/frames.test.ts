import { describe, expect, it } from 'vitest';
import {
  FrameAssembler,
  MAX_FRAME_COUNT,
  MAX_FRAME_SIZE,
  MAX_WRITE_REQUEST_BYTES,
  MessageTooLargeError,
  OversizedMessage,
  encodeFrames,
  encodeWebSocketMessage,
} from '../../src/server/frames.js';

describe('encodeFrames', () => {
  it('sends a short message as one frame', () => {
    expect(encodeFrames('{"t":"d"}')).toEqual(['{"t":"d"}']);
  });

  it('keeps a message of exactly the frame size whole', () => {
    const message = 'a'.repeat(MAX_FRAME_SIZE);
    expect(encodeFrames(message)).toEqual([message]);
  });

  it('splits a longer message into a count frame and chunks', () => {
    const message = 'b'.repeat(MAX_FRAME_SIZE * 2 + 5);
    const frames = encodeFrames(message);
    expect(frames[0]).toBe('3');
    expect(frames.slice(1).map((f) => f.length)).toEqual([MAX_FRAME_SIZE, MAX_FRAME_SIZE, 5]);
    expect(frames.slice(1).join('')).toBe(message);
  });

  it('never cuts between the two halves of a surrogate pair', () => {
    // 'a' + emoji pairs: with a frame size of 4 the naive cut would fall inside the second emoji.
    const message = 'a🌊🌊🌊';
    const frames = encodeFrames(message, 4);
    for (const frame of frames.slice(1)) expect(Buffer.from(frame, 'utf8').toString('utf8')).toBe(frame);
    expect(frames.slice(1).join('')).toBe(message);
    expect(frames[0]).toBe(String(frames.length - 1));
  });
});

/** Parses unmasked server frames back into [fin, opcode, payload text] (RFC 6455 5.2). */
function parseWebSocketFrames(bytes: Buffer): { fin: boolean; opcode: number; text: string }[] {
  const out: { fin: boolean; opcode: number; text: string }[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const fin = (bytes[offset] & 0x80) !== 0;
    const opcode = bytes[offset] & 0x0f;
    expect(bytes[offset + 1] & 0x80).toBe(0); // servers never mask
    let length = bytes[offset + 1] & 0x7f;
    let header = 2;
    if (length === 126) {
      length = bytes.readUInt16BE(offset + 2);
      header = 4;
    } else if (length === 127) {
      length = Number(bytes.readBigUInt64BE(offset + 2));
      header = 10;
    }
    out.push({ fin, opcode, text: bytes.subarray(offset + header, offset + header + length).toString('utf8') });
    offset += header + length;
  }
  expect(offset).toBe(bytes.length);
  return out;
}

describe('encodeWebSocketMessage', () => {
  it('frames a short message as one final text frame with a 7-bit length', () => {
    const frames = parseWebSocketFrames(encodeWebSocketMessage('{"t":"d"}'));
    expect(frames).toEqual([{ fin: true, opcode: 1, text: '{"t":"d"}' }]);
  });

  it('uses the 16-bit and 64-bit length forms by UTF-8 byte length', () => {
    const medium = 'ż'.repeat(100); // 100 characters, 200 bytes
    expect(encodeWebSocketMessage(medium)[1]).toBe(126);
    expect(parseWebSocketFrames(encodeWebSocketMessage(medium))[0].text).toBe(medium);
    const large = 'x'.repeat(70_000);
    const bytes = encodeWebSocketMessage(large, 100_000);
    expect(bytes[1]).toBe(127);
    expect(parseWebSocketFrames(bytes)[0].text).toBe(large);
  });

  it('puts every protocol frame of a long message in its own WebSocket frame, in one buffer', () => {
    const message = JSON.stringify({ t: 'd', d: { a: 'd', b: { p: 'x', d: 'ą'.repeat(40_000) } } });
    const frames = parseWebSocketFrames(encodeWebSocketMessage(message));
    expect(frames.map((f) => f.text)).toEqual(encodeFrames(message));
    expect(frames.every((f) => f.fin && f.opcode === 1)).toBe(true);
  });
});

describe('FrameAssembler', () => {
  it('passes single-frame messages through', () => {
    const assembler = new FrameAssembler();
    expect(assembler.push('{"t":"d","d":{}}')).toBe('{"t":"d","d":{}}');
  });

  it('treats "0" as a keep-alive', () => {
    const assembler = new FrameAssembler();
    expect(assembler.push('0')).toBeNull();
    expect(assembler.buffering).toBe(false);
    expect(assembler.push('{}')).toBe('{}');
  });

  it('reassembles what encodeFrames produced', () => {
    const message = JSON.stringify({ t: 'd', d: { r: 1, a: 'p', b: { p: '/x', d: 'ą'.repeat(40_000) } } });
    const assembler = new FrameAssembler();
    const frames = encodeFrames(message);
    const results = frames.map((frame) => assembler.push(frame));
    expect(results.slice(0, -1).every((r) => r === null)).toBe(true);
    expect(results.at(-1)).toBe(message);
    expect(assembler.buffering).toBe(false);
  });

  it('does not mistake a short numeric JSON message for a count once buffering', () => {
    const assembler = new FrameAssembler();
    expect(assembler.push('2')).toBeNull();
    expect(assembler.push('12')).toBeNull();
    expect(assembler.push('34')).toBe('1234');
  });

  it('holds at most 16 MB of a message: past it, the frames are dropped and the message ends as an OversizedMessage with its start', () => {
    const assembler = new FrameAssembler();
    const head = '{"t":"d","d":{"r":7,"a":"p","b":{"p":"/x","d":"';
    const frames = encodeFrames(head + 'y'.repeat(MAX_WRITE_REQUEST_BYTES) + '"}}}');
    const results = frames.map((frame) => assembler.push(frame, Buffer.byteLength(frame)));
    expect(results.slice(0, -1).every((r) => r === null)).toBe(true);
    const last = results.at(-1);
    expect(last).toBeInstanceOf(OversizedMessage);
    expect((last as OversizedMessage).head.startsWith(head)).toBe(true);
    expect(assembler.buffering).toBe(false);
    expect(assembler.push('{}', 2)).toBe('{}'); // the next message is read normally
  });

  it('refuses a frame count no message within the limit has', () => {
    expect(() => new FrameAssembler().push(String(MAX_FRAME_COUNT + 1))).toThrow(MessageTooLargeError);
    expect(new FrameAssembler().push(String(MAX_FRAME_COUNT))).toBeNull();
  });
});
