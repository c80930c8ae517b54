import { IDEMPOTENCY_KEY_PATTERN } from '@domain/schemas';

/**
 * The key that makes placing an order idempotent: drawn once per checkout and sent with every retry
 * and double click, so the server answers with the order it already placed instead of a second one.
 * A UUID, the format `idempotencyKeySchema` accepts.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value);
}
