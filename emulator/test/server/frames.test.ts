import { describe, expect, it } from 'vitest';
import { FrameAssembler, MAX_FRAME_SIZE, encodeFrames } from '../../src/server/frames.js';

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
});
