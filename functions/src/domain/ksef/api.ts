/**
 * The parts of the KSeF API 2.0 (Ministry of Finance, `CIRFMF/ksef-docs`: open-api.json,
 * uwierzytelnianie.md, auth/sesje.md, sesja-interaktywna.md, faktury/sesja-sprawdzenie-stanu-i-pobranie-upo.md,
 * srodowiska.md) that the product uses: token login and its end, an online (interactive) session, invoice
 * status, UPO. Pure — request and response shapes, constants and status tables shared by the client
 * (functions/src/ksef/) and the local stand-in (scripts/lib/ksefStandIn.mjs).
 */

/**
 * Public environments and their API base URLs; every request path below is relative to one. TE (test), TR
 * (pre-production, „demo”) and PRD (srodowiska.md); the hosts are the `api-…` ones the guide links since its
 * edition of 22.12.2025 (README.md: the OpenAPI at `https://api-test.ksef.mf.gov.pl/docs/v2`) — the earlier
 * `ksef-test.mf.gov.pl/api/v2` form of srodowiska.md is gone.
 */
export const KSEF_ENVIRONMENTS = {
  test: 'https://api-test.ksef.mf.gov.pl/v2',
  demo: 'https://api-demo.ksef.mf.gov.pl/v2',
  production: 'https://api.ksef.mf.gov.pl/v2',
} as const;
export type KsefEnvironment = keyof typeof KSEF_ENVIRONMENTS;

/** The form code an online session declares for FA(3) (sesja-interaktywna.md, OpenAPI `FormCode`). */
export const FA3_FORM_CODE = { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' } as const;

/** Usage of a certificate served by `GET /security/public-key-certificates`. */
export type PublicKeyCertificateUsage = 'KsefTokenEncryption' | 'SymmetricKeyEncryption';

export interface PublicKeyCertificate {
  /** DER, Base64 (not PEM). */
  certificate: string;
  validFrom: string;
  validTo: string;
  usage: PublicKeyCertificateUsage[];
}

export interface AuthenticationChallengeResponse {
  challenge: string;
  /** ISO 8601. */
  timestamp: string;
  timestampMs: number;
}

interface ContextIdentifier {
  type: 'Nip' | 'InternalId' | 'NipVatUe';
  value: string;
}

/** `POST /auth/ksef-token`. `encryptedToken` = Base64(RSA-OAEP-SHA-256(`{token}|{timestampMs}`)). */
export interface KsefTokenAuthenticationRequest {
  challenge: string;
  contextIdentifier: ContextIdentifier;
  encryptedToken: string;
}

export interface TokenInfo {
  token: string;
  validUntil: string;
}

/** Answer of `POST /auth/ksef-token` (and `/auth/xades-signature`, which a certificate login would use). */
export interface AuthenticationInitResponse {
  referenceNumber: string;
  authenticationToken: TokenInfo;
}

interface StatusInfo {
  code: number;
  description: string;
  details?: string[];
  extensions?: Record<string, string | null>;
}

/** `GET /auth/{referenceNumber}`: 100 in progress, 200 success, 4xx/5xx failure. */
export interface AuthenticationOperationStatusResponse {
  startDate: string;
  authenticationMethod: string;
  status: StatusInfo;
}

/** `POST /auth/token/redeem` (once per authentication). */
export interface AuthenticationTokensResponse {
  accessToken: TokenInfo;
  refreshToken: TokenInfo;
}

export interface EncryptionInfo {
  /** The 32-byte AES key, RSA-OAEP-SHA-256 with the `SymmetricKeyEncryption` certificate, Base64. */
  encryptedSymmetricKey: string;
  /** 16 bytes, Base64. */
  initializationVector: string;
}

/** `POST /sessions/online`. */
export interface OpenOnlineSessionRequest {
  formCode: typeof FA3_FORM_CODE | { systemCode: string; schemaVersion: string; value: string };
  encryption: EncryptionInfo;
}

export interface OpenOnlineSessionResponse {
  referenceNumber: string;
  validUntil: string;
}

/** `POST /sessions/online/{referenceNumber}/invoices`: hashes are Base64 SHA-256, sizes in bytes. */
export interface SendInvoiceRequest {
  invoiceHash: string;
  invoiceSize: number;
  encryptedInvoiceHash: string;
  encryptedInvoiceSize: number;
  /** AES-256-CBC, PKCS#7, with the session's key and IV, Base64. */
  encryptedInvoiceContent: string;
  offlineMode?: boolean;
  hashOfCorrectedInvoice?: string;
}

export interface SendInvoiceResponse {
  referenceNumber: string;
}

/**
 * How KSeF recorded an invoice: `Offline` for one sent with `offlineMode`, and for one sent as online whose issue date
 * (P_1) is a calendar day before the day KSeF received it (offline/automatyczne-okreslanie-trybu-offline.md).
 */
export const KSEF_INVOICING_MODES = ['Online', 'Offline'] as const;
export type KsefInvoicingMode = (typeof KSEF_INVOICING_MODES)[number];

/** The invoicing mode a UPO states (`<TrybWysylki>`, upo-v4-2/v4-3); null when it names none. */
export function upoInvoicingMode(upoXml: string): KsefInvoicingMode | null {
  const mode = /<(?:\w+:)?TrybWysylki>\s*(Online|Offline)\s*</.exec(upoXml)?.[1];
  return (mode as KsefInvoicingMode | undefined) ?? null;
}

/** `GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}`. */
export interface SessionInvoiceStatusResponse {
  ordinalNumber: number;
  invoiceNumber?: string;
  ksefNumber?: string;
  referenceNumber: string;
  invoiceHash: string;
  acquisitionDate?: string;
  invoicingDate: string;
  permanentStorageDate?: string;
  upoDownloadUrl?: string;
  invoicingMode?: KsefInvoicingMode;
  status: StatusInfo;
}

/**
 * `pageSize` of GET /sessions/{referenceNumber}/invoices (OpenAPI: 10–500, default 10 — api-changelog RC5.5 raised the
 * maximum from 100); a value outside is refused with 400 (21405). The next page: the `x-continuation-token` header.
 */
export const SESSION_INVOICES_MAX_PAGE_SIZE = 500;

export interface SessionInvoicesResponse {
  continuationToken?: string;
  invoices: SessionInvoiceStatusResponse[];
}

/** `GET /sessions/{referenceNumber}`. */
export interface SessionStatusResponse {
  status: StatusInfo;
  dateCreated: string;
  dateUpdated: string;
  validUntil?: string;
  invoiceCount?: number;
  successfulInvoiceCount?: number;
  failedInvoiceCount?: number;
  upo?: { pages: { referenceNumber: string; downloadUrl: string }[] };
}

/** The body of a 4xx answer (OpenAPI `ExceptionResponse`). */
export interface ExceptionResponse {
  exception: {
    exceptionDetailList: { exceptionCode: number; exceptionDescription: string; details?: string[] }[];
    referenceNumber?: string;
    serviceCode?: string;
    serviceCtx?: string;
    serviceName?: string;
    timestamp?: string;
  };
}

/** The body of a 429 answer (limity/limity-api.md); the wait is in the `Retry-After` header (seconds). */
export interface TooManyRequestsResponse {
  status: StatusInfo;
}

/** Invoice processing states of `SessionInvoiceStatusResponse.status` (OpenAPI, the table of the status field). */
export const INVOICE_STATUS = {
  received: { code: 100, description: 'Faktura przyjęta do dalszego przetwarzania' },
  processing: { code: 150, description: 'Trwa przetwarzanie' },
  accepted: { code: 200, description: 'Sukces' },
  cancelledBySessionError: { code: 405, description: 'Przetwarzanie anulowane z powodu błędu sesji' },
  wrongPermissions: { code: 410, description: 'Nieprawidłowy zakres uprawnień' },
  attachmentNotAllowed: { code: 415, description: 'Brak możliwości wysyłania faktury z załącznikiem' },
  fileInvalid: { code: 430, description: 'Błąd weryfikacji pliku faktury' },
  decryptionFailed: { code: 435, description: 'Błąd odszyfrowania pliku' },
  duplicate: { code: 440, description: 'Duplikat faktury' },
  semanticError: { code: 450, description: 'Błąd weryfikacji semantyki dokumentu faktury' },
  unknownError: { code: 500, description: 'Nieznany błąd' },
  cancelledBySystem: { code: 550, description: 'Operacja została anulowana przez system' },
} as const satisfies Record<string, StatusInfo>;

type InvoiceOutcome = 'pending' | 'accepted' | 'rejected' | 'retry';

/**
 * What a status means for the sender: 100/150 still processing; 200 accepted; 500 and 550 are the system's
 * own failures (550: „Spróbuj ponownie”) — send again; every other code rejects this document as it is.
 */
export function invoiceOutcome(code: number): InvoiceOutcome {
  if (code === 100 || code === 150) return 'pending';
  if (code === 200) return 'accepted';
  if (code === 500 || code === 550 || code === 405) return 'retry';
  return 'rejected';
}

/** The plain text a KSeF token login encrypts (uwierzytelnianie.md 2.2): `{token}|{timestampMs}`. */
export function ksefTokenPlaintext(token: string, challengeTimestampMs: number): string {
  return `${token}|${challengeTimestampMs}`;
}
