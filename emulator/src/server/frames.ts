// Wire framing of protocol v5 (see the SDK's realtime/WebSocketConnection.ts): a message longer
// than MAX_FRAME_SIZE characters is sent as a frame holding only the frame count, followed by the
// chunks. Both directions use the same scheme; the client also sends "0" as a keep-alive.

export const MAX_FRAME_SIZE = 16384;

/**
 * Splits one serialised message into the frames to send. A cut never falls between the two halves
 * of a surrogate pair: each frame is UTF-8 encoded on its own, and a lone half would arrive as U+FFFD.
 */
export function encodeFrames(message: string, maxFrameSize = MAX_FRAME_SIZE): string[] {
  if (message.length <= maxFrameSize) return [message];
  const chunks: string[] = [];
  for (let start = 0; start < message.length;) {
    let end = Math.min(start + maxFrameSize, message.length);
    if (end < message.length && isHighSurrogate(message.charCodeAt(end - 1))) end--;
    chunks.push(message.slice(start, end));
    start = end;
  }
  return [String(chunks.length), ...chunks];
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * The bytes of one message as a server sends it on a WebSocket (RFC 6455: unmasked, FIN set, text
 * opcode, one WebSocket frame per protocol frame), in a single buffer. Writing that buffer with
 * one `socket.write` costs one system call per connection, where a WebSocket library's send costs
 * a header and a payload write per frame; a push to many listeners reuses the same buffer.
 */
export function encodeWebSocketMessage(message: string, maxFrameSize = MAX_FRAME_SIZE): Buffer {
  if (message.length <= maxFrameSize) {
    // One frame (nearly every message): encoded straight into the buffer that is sent.
    const length = Buffer.byteLength(message, 'utf8');
    const out = Buffer.allocUnsafe(webSocketHeaderLength(length) + length);
    out.write(message, writeWebSocketHeader(out, 0, length), 'utf8');
    return out;
  }
  const payloads = encodeFrames(message, maxFrameSize).map((frame) => Buffer.from(frame, 'utf8'));
  let total = 0;
  for (const payload of payloads) total += webSocketHeaderLength(payload.length) + payload.length;
  const out = Buffer.allocUnsafe(total);
  let offset = 0;
  for (const payload of payloads) {
    offset = writeWebSocketHeader(out, offset, payload.length);
    offset += payload.copy(out, offset);
  }
  return out;
}

function webSocketHeaderLength(payloadLength: number): number {
  if (payloadLength < 126) return 2;
  return payloadLength <= 0xffff ? 4 : 10;
}

const FIN_TEXT = 0x81;

function writeWebSocketHeader(out: Buffer, offset: number, payloadLength: number): number {
  out[offset] = FIN_TEXT;
  if (payloadLength < 126) {
    out[offset + 1] = payloadLength;
    return offset + 2;
  }
  if (payloadLength <= 0xffff) {
    out[offset + 1] = 126;
    out.writeUInt16BE(payloadLength, offset + 2);
    return offset + 4;
  }
  out[offset + 1] = 127;
  out.writeUInt32BE(Math.floor(payloadLength / 2 ** 32), offset + 2);
  out.writeUInt32BE(payloadLength >>> 0, offset + 6);
  return offset + 10;
}

/**
 * Reassembles incoming frames into complete messages. Returns the complete message text, or null
 * while more frames are expected (or for a keep-alive).
 */
export class FrameAssembler {
  private expected = 0;
  private parts: string[] | null = null;

  push(frame: string): string | null {
    if (this.parts !== null) {
      this.parts.push(frame);
      if (this.parts.length < this.expected) return null;
      const whole = this.parts.join('');
      this.parts = null;
      return whole;
    }
    // Same rule as the SDK: a short numeric frame is a frame count; anything else is a message.
    if (frame.length <= 6) {
      const count = Number(frame);
      if (frame.trim() !== '' && Number.isInteger(count)) {
        if (count <= 1) return null; // "0" keep-alive (and a degenerate count of 1 carries no data yet)
        this.expected = count;
        this.parts = [];
        return null;
      }
    }
    return frame;
  }

  get buffering(): boolean {
    return this.parts !== null;
  }
}
