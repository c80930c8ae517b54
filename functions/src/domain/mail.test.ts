import { describe, expect, it } from 'vitest';
import { retryMailInput } from './callables.js';
import { messageIdFor, outboxMessageSchema } from './mail.js';

describe('outbox message ids', () => {
  const kinds = outboxMessageSchema.shape.kind.options;

  it('differ between every two kinds of message about the same subject', () => {
    const ids = kinds.map((kind) => messageIdFor(kind, 'zam-1'));
    expect(kinds.length).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(kinds.length);
  });

  it('of every kind can be sent again by hand („Wyślij ponownie”)', () => {
    const refused = kinds.filter(
      (kind) => !retryMailInput.safeParse({ messageIds: [messageIdFor(kind, '-OaBc_12')] }).success,
    );
    expect(refused).toEqual([]);
  });

  it('are refused for a retry when they are not an outbox key', () => {
    for (const id of ['xx-zam-1', 'op-', 'op-a/b', '__proto__', `op-${'a'.repeat(161)}`])
      expect(retryMailInput.safeParse({ messageIds: [id] }).success, id).toBe(false);
  });
});
