// Wire framing of protocol v5 (see the SDK's realtime/WebSocketConnection.ts): a message longer
// than MAX_FRAME_SIZE characters is sent as a frame holding only the frame count, followed by the
// chunks. Both directions use the same scheme; the client also sends "0" as a keep-alive.

export const MAX_FRAME_SIZE = 16384;

/** Splits one serialised message into the frames to send. */
export function encodeFrames(message: string, maxFrameSize = MAX_FRAME_SIZE): string[] {
  if (message.length <= maxFrameSize) return [message];
  const frames: string[] = [String(Math.ceil(message.length / maxFrameSize))];
  for (let i = 0; i < message.length; i += maxFrameSize) frames.push(message.slice(i, i + maxFrameSize));
  return frames;
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
