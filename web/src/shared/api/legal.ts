import { legalDocumentSchema, type LegalDocument, type LegalDocumentKind } from '@domain/schemas';
import { injectRealtimeEndpoints, realtimeEndpoint } from './realtime';

function toLegalDocument(raw: unknown): LegalDocument | null {
  const parsed = legalDocumentSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** `/event/terms`, `/event/privacy`: readable before sign-in (the registration's consents link to them). */
const legalApi = injectRealtimeEndpoints((build) => ({
  getLegalDocument: build.query<LegalDocument | null, LegalDocumentKind>(
    realtimeEndpoint((kind) => `event/${kind}`, toLegalDocument),
  ),
}));

export const { useGetLegalDocumentQuery } = legalApi;
