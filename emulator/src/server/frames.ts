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

/** Production refuses a single write request over 16 MB from the SDKs with `write_too_big`. */
export const MAX_WRITE_REQUEST_BYTES = 16 * 1024 * 1024;
export const WRITE_TOO_BIG_MESSAGE =
  'Data to write exceeds the maximum size that can be modified with a single request.';

/**
 * The most of one incoming message (all its frames, UTF-8 bytes) the server reads before it drops
 * the connection: the REST write limit, the largest request production takes from anyone. Only
 * MAX_WRITE_REQUEST_BYTES of a message are ever held in memory; past that its frames are read and
 * discarded, and the write is answered `write_too_big` when its last frame arrives.
 */
const MAX_INCOMING_MESSAGE_BYTES = 256 * 1024 * 1024;

/**
 * The most frames a message within MAX_INCOMING_MESSAGE_BYTES has when split as the SDK splits
 * it (MAX_FRAME_SIZE characters per frame, at least one byte each). A larger announced count
 * cannot be a message the server would read.
 */
export const MAX_FRAME_COUNT = Math.ceil(MAX_INCOMING_MESSAGE_BYTES / MAX_FRAME_SIZE);

/** Production's server error (a control `e` message) for a write it will not read. */
export const MESSAGE_TOO_LARGE_TEXT = 'Write too large';

/** An incoming message past MAX_INCOMING_MESSAGE_BYTES, or announcing more than MAX_FRAME_COUNT frames. */
export class MessageTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MessageTooLargeError';
  }
}

/** A complete message over MAX_WRITE_REQUEST_BYTES that was discarded as it arrived, but for its start. */
export class OversizedMessage {
  constructor(
    /** The first characters of the message (where the SDK puts the request number and action). */
    readonly head: string,
  ) {}
}

/** Characters kept of a discarded message: enough for `{"t":"d","d":{"r":<number>,"a":"<action>"`. */
const OVERSIZED_HEAD_CHARS = 64;

/**
 * Reassembles incoming frames into complete messages. Returns the complete message text, or null
 * while more frames are expected (or for a keep-alive). A message is held in memory up to
 * MAX_WRITE_REQUEST_BYTES; past that its frames are discarded and it completes as an
 * OversizedMessage. Throws MessageTooLargeError when a message announces more than MAX_FRAME_COUNT
 * frames or passes MAX_INCOMING_MESSAGE_BYTES: the caller drops the connection.
 */
export class FrameAssembler {
  private expected = 0;
  private received = 0;
  private parts: string[] | null = null;
  /** The start of a message being discarded (null while its frames are kept). */
  private discardedHead: string | null = null;
  private bytes = 0;

  /** `frameBytes`: the frame's UTF-8 size as received (its length in characters when not given). */
  push(frame: string, frameBytes: number = frame.length): string | OversizedMessage | null {
    if (this.expected > 0) return this.continueMessage(frame, frameBytes);
    // Same rule as the SDK: a short numeric frame is a frame count; anything else is a message.
    if (frame.length <= 6) {
      const count = Number(frame);
      if (frame.trim() !== '' && Number.isInteger(count)) {
        if (count <= 1) return null; // "0" keep-alive (and a degenerate count of 1 carries no data yet)
        if (count > MAX_FRAME_COUNT)
          throw new MessageTooLargeError(`Incoming message announced as ${count} frames (at most ${MAX_FRAME_COUNT})`);
        this.expected = count;
        this.received = 0;
        this.parts = [];
        this.discardedHead = null;
        this.bytes = 0;
        return null;
      }
    }
    // A single frame (nearly every message) is never over the limit: the WebSocket server's
    // maxPayload (MAX_WRITE_REQUEST_BYTES) refuses a larger one before it is read.
    return frame;
  }

  private continueMessage(frame: string, frameBytes: number): string | OversizedMessage | null {
    this.bytes += frameBytes;
    this.received++;
    if (this.bytes > MAX_INCOMING_MESSAGE_BYTES) {
      this.reset();
      throw new MessageTooLargeError(`Incoming message over ${MAX_INCOMING_MESSAGE_BYTES} bytes`);
    }
    if (this.parts !== null) {
      if (this.bytes <= MAX_WRITE_REQUEST_BYTES) this.parts.push(frame);
      else {
        // Too large to be a write production accepts: keep only its start, to answer it.
        this.discardedHead = (this.parts.length > 0 ? this.parts[0] : frame).slice(0, OVERSIZED_HEAD_CHARS);
        this.parts = null;
      }
    }
    if (this.received < this.expected) return null;
    const result = this.parts !== null ? this.parts.join('') : new OversizedMessage(this.discardedHead ?? '');
    this.reset();
    return result;
  }

  private reset(): void {
    this.expected = 0;
    this.received = 0;
    this.parts = null;
    this.discardedHead = null;
    this.bytes = 0;
  }

  get buffering(): boolean {
    return this.expected > 0;
  }
}
