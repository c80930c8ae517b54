import { z } from 'zod';
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

/** What the station's code form accepts: anything a pickup code can be read from (the domain's code format). */
export const codeLookupSchema = z.strictObject({
  code: z.string().refine((text) => extractPickupCode(text) !== null, {
    error: 'Nieprawidłowy kod odbioru: 8 znaków, litery i cyfry (bez 0, O, 1, I).',
  }),
});
