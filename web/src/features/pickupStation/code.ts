import { pickupCodeSchema } from '@domain/schemas';

/**
 * The pickup code in what a QR code or a keyboard gave us: the participant's QR encodes the bare code,
 * but a scanned URL or a code typed with spaces/dashes ("mrtn 4w9q") is accepted as well.
 */
export function extractPickupCode(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, '');
  const exact = pickupCodeSchema.safeParse(compact);
  if (exact.success) return exact.data;
  const inside = /(?:^|[^A-Z0-9])([A-HJ-NP-Z2-9]{8})(?:$|[^A-Z0-9])/.exec(text.toUpperCase());
  return inside ? inside[1] : null;
}
