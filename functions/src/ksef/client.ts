/**
 * A small client of the KSeF API 2.0 (fetch + node:crypto; shapes in domain/ksef/api.ts). No npm client
 * is used: `ksef-client` (0.2.0, one release, seven dependencies incl. its own HTTP stack and XML signing)
 * is younger than the API and would be most of our dependency surface for a dozen HTTP calls.
 *
 * Login is by KSeF token (valid until 31 Dec 2026); `authenticate` is the one place a certificate
 * (XAdES) login would replace — everything after it works on the access token alone.
 */
import type { KeyLike } from 'node:crypto';
import {
  FA3_FORM_CODE,
  invoiceOutcome,
  ksefTokenPlaintext,
  SESSION_INVOICES_MAX_PAGE_SIZE,
  type AuthenticationChallengeResponse,
  type AuthenticationInitResponse,
  type AuthenticationOperationStatusResponse,
  type AuthenticationTokensResponse,
  type ExceptionResponse,
  type KsefTokenAuthenticationRequest,
  type OpenOnlineSessionRequest,
  type OpenOnlineSessionResponse,
  type PublicKeyCertificate,
  type PublicKeyCertificateUsage,
  type SendInvoiceResponse,
  type SessionInvoiceStatusResponse,
  type SessionInvoicesResponse,
  type SessionStatusResponse,
  type TokenInfo,
  type TooManyRequestsResponse,
} from '../domain/ksef/api.js';
import {
  encryptionInfo,
  newSessionKey,
  publicKeyOfCertificate,
  rsaOaepEncrypt,
  sendInvoiceRequest,
  type SessionKey,
} from './crypto.js';

/**
 * A refusal or failure of a call. `retryable`: the service did not decide (timeout, network, 5xx) — an outage.
 * A 429 is neither an outage nor a refusal: KSeF limits the rate (limity/limity-api.md) and says in `Retry-After`
 * when to ask again (`rateLimited`, `retryAfterMs`).
 */
export class KsefApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly retryable: boolean,
    readonly exceptionCode: number | null = null,
    readonly details: string[] = [],
    /** From `Retry-After` (seconds or an HTTP date); null when the answer had none. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'KsefApiError';
  }

  /** HTTP 429 Too Many Requests: nothing was decided; ask again no earlier than `retryAfterMs` from now. */
  get rateLimited(): boolean {
    return this.httpStatus === 429;
  }
}

/** The exception code KSeF answers when the public key used for encryption is unknown or withdrawn (bezpieczenstwo/klucze-publiczne-do-szyfrowania.md, 4.4). */
const UNKNOWN_PUBLIC_KEY = 21470;

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110); null when absent or unreadable. */
function retryAfterMs(header: string | null, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

interface KsefClientOptions {
  /** e.g. KSEF_ENVIRONMENTS.test, or the local stand-in's URL. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per request. */
  timeoutMs?: number;
  /** Between status queries while the service processes (auth, invoices). */
  pollIntervalMs?: number;
  /** How long to keep asking before giving up with a retryable error (the document is then looked up again later). */
  pollTimeoutMs?: number;
}

export interface KsefTokens {
  accessToken: TokenInfo;
  refreshToken: TokenInfo;
}

export interface OnlineSession {
  referenceNumber: string;
  validUntil: string;
  /** Kept only in memory, for this session's invoices. */
  key: SessionKey;
}

/** How long ending a login waits for KSeF (revokeAuthentication). */
const REVOKE_TIMEOUT_MS = 5_000;

/** Login statuses that are the system's failures, not a verdict (AuthenticationOperationStatusResponse: 500, 550). */
const SYSTEM_FAILURES = new Set([500, 550]);

export class KsefClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly pollIntervalMs: number;
  private readonly pollTimeoutMs: number;
  private certificates: PublicKeyCertificate[] | null = null;

  constructor(options: KsefClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.pollTimeoutMs = options.pollTimeoutMs ?? 120_000;
  }

  /** One HTTP call; the answer's JSON (or text for XML), or a KsefApiError. */
  async request<T>(
    method: string,
    path: string,
    {
      bearer,
      body,
      accept = 'application/json',
      extraHeaders = {},
      timeoutMs = this.timeoutMs,
    }: {
      bearer?: string;
      body?: unknown;
      accept?: string;
      extraHeaders?: Record<string, string>;
      timeoutMs?: number;
    } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: accept, ...extraHeaders };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new KsefApiError(`KSeF nie odpowiada (${method} ${path}: ${(error as Error).message})`, null, true);
    }
    const text = await response.text();
    if (!response.ok) {
      let code: number | null = null;
      let description = text.slice(0, 500);
      let details: string[] = [];
      try {
        const parsed = JSON.parse(text) as ExceptionResponse & Partial<TooManyRequestsResponse>;
        const first = parsed.exception?.exceptionDetailList?.[0];
        if (first) {
          code = first.exceptionCode;
          description = first.exceptionDescription;
          details = first.details ?? [];
        } else if (parsed.status) {
          // 429 answers `{status: {code, description, details}}` (limity/limity-api.md)
          description = [parsed.status.description, ...(parsed.status.details ?? [])].join(': ');
          details = parsed.status.details ?? [];
        }
      } catch {
        // not JSON: keep the text
      }
      throw new KsefApiError(
        `KSeF: ${method} ${path} → ${response.status}${code ? ` (${code})` : ''}: ${description}`,
        response.status,
        response.status >= 500,
        code,
        details,
        response.status === 429 ? retryAfterMs(response.headers.get('retry-after')) : null,
      );
    }
    if (accept !== 'application/json') return text as T;
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async publicKeyCertificates(): Promise<PublicKeyCertificate[]> {
    this.certificates ??= await this.request<PublicKeyCertificate[]>('GET', '/security/public-key-certificates');
    return this.certificates;
  }

  /** The certificate valid now for this usage; of several (a planned rotation), the latest `validFrom` (4.1). */
  async publicKey(usage: PublicKeyCertificateUsage, now = Date.now()): Promise<KeyLike> {
    const valid = (await this.publicKeyCertificates()).filter(
      (c) => c.usage.includes(usage) && Date.parse(c.validFrom) <= now && now < Date.parse(c.validTo),
    );
    const found = valid.sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom))[0];
    if (!found) throw new KsefApiError(`KSeF nie podał ważnego certyfikatu klucza publicznego (${usage})`, null, true);
    return publicKeyOfCertificate(found.certificate);
  }

  /**
   * Runs a call that encrypts for the Ministry's public key; when KSeF answers 21470 (the key is unknown or was
   * withdrawn: a rotation), fetches the certificates again and repeats the call once with the current key (4.4).
   */
  private async withCurrentKey<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof KsefApiError) || error.exceptionCode !== UNKNOWN_PUBLIC_KEY) throw error;
      this.certificates = null;
      return call();
    }
  }

  /**
   * Token login: challenge → `{token}|{timestampMs}` encrypted for the Ministry → status until decided →
   * redeem (once) → access and refresh tokens. A withdrawn key (21470) starts over with a new challenge.
   */
  authenticate(credentials: { nip: string; token: string }): Promise<KsefTokens> {
    return this.withCurrentKey(() => this.authenticateOnce(credentials));
  }

  private async authenticateOnce({ nip, token }: { nip: string; token: string }): Promise<KsefTokens> {
    const challenge = await this.request<AuthenticationChallengeResponse>('POST', '/auth/challenge');
    const publicKey = await this.publicKey('KsefTokenEncryption');
    const body: KsefTokenAuthenticationRequest = {
      challenge: challenge.challenge,
      contextIdentifier: { type: 'Nip', value: nip },
      encryptedToken: rsaOaepEncrypt(
        publicKey,
        Buffer.from(ksefTokenPlaintext(token, challenge.timestampMs), 'utf8'),
      ).toString('base64'),
    };
    const init = await this.request<AuthenticationInitResponse>('POST', '/auth/ksef-token', { body });
    const bearer = init.authenticationToken.token;
    const status = await this.poll(
      () =>
        this.request<AuthenticationOperationStatusResponse>(
          'GET',
          `/auth/${encodeURIComponent(init.referenceNumber)}`,
          { bearer },
        ),
      (s) => s.status.code !== 100,
      'uwierzytelnienie',
    );
    if (status.status.code !== 200) {
      const about = `${status.status.code} ${status.status.description}${status.status.details?.length ? ` (${status.status.details.join('; ')})` : ''}`;
      // 500 „Nieznany błąd” and 550 „Operacja została anulowana przez system … Spróbuj ponownie” are the system's
      // own failures, not a verdict on the token: they pass like a 5xx. Every other code refuses the login.
      const systemFailure = SYSTEM_FAILURES.has(status.status.code);
      throw new KsefApiError(
        systemFailure ? `KSeF nie dokończył logowania tokenem: ${about}` : `KSeF odmówił logowania tokenem: ${about}`,
        null,
        systemFailure,
        status.status.code,
        status.status.details ?? [],
      );
    }
    return this.request<AuthenticationTokensResponse>('POST', '/auth/token/redeem', { bearer });
  }

  /**
   * Ends a login (DELETE /auth/sessions/current, auth/sesje.md): its refresh token stops working, so no new access
   * token can be had with it; access tokens issued already stay valid until they expire. Takes the refresh or the
   * access token of that login. A clean-up after the work, so it waits for KSeF a short while only: a run that found
   * KSeF not answering must not wait out a whole timeout again before it reports.
   */
  async revokeAuthentication(token: string): Promise<void> {
    await this.request('DELETE', '/auth/sessions/current', {
      bearer: token,
      timeoutMs: Math.min(this.timeoutMs, REVOKE_TIMEOUT_MS),
    });
  }

  async refresh(refreshToken: string): Promise<TokenInfo> {
    const answer = await this.request<{ accessToken: TokenInfo }>('POST', '/auth/token/refresh', {
      bearer: refreshToken,
    });
    return answer.accessToken;
  }

  /** Opens an online session for FA(3) with a fresh AES-256 key wrapped for the Ministry (a withdrawn key: 21470, once more with the current one). */
  openOnlineSession(accessToken: string): Promise<OnlineSession> {
    return this.withCurrentKey(() => this.openOnlineSessionOnce(accessToken));
  }

  private async openOnlineSessionOnce(accessToken: string): Promise<OnlineSession> {
    const key = newSessionKey();
    const body: OpenOnlineSessionRequest = {
      formCode: FA3_FORM_CODE,
      encryption: encryptionInfo(key, await this.publicKey('SymmetricKeyEncryption')),
    };
    const answer = await this.request<OpenOnlineSessionResponse>('POST', '/sessions/online', {
      bearer: accessToken,
      body,
    });
    return { referenceNumber: answer.referenceNumber, validUntil: answer.validUntil, key };
  }

  /** Sends one invoice file (its exact bytes; `offlineMode`: issued in offline24 mode); answers the invoice's reference number in the session. */
  async sendInvoice(
    accessToken: string,
    session: OnlineSession,
    invoice: Uint8Array,
    { offlineMode = false } = {},
  ): Promise<string> {
    const answer = await this.request<SendInvoiceResponse>(
      'POST',
      `/sessions/online/${encodeURIComponent(session.referenceNumber)}/invoices`,
      {
        bearer: accessToken,
        body: sendInvoiceRequest(invoice, session.key, offlineMode),
      },
    );
    return answer.referenceNumber;
  }

  invoiceStatus(
    accessToken: string,
    sessionReference: string,
    invoiceReference: string,
  ): Promise<SessionInvoiceStatusResponse> {
    return this.request(
      'GET',
      `/sessions/${encodeURIComponent(sessionReference)}/invoices/${encodeURIComponent(invoiceReference)}`,
      { bearer: accessToken },
    );
  }

  /**
   * Asks until the invoice is decided (accepted, rejected or failed); a retryable error when it takes too long —
   * longer than the poll timeout, or past `until` (epoch ms: the caller's time budget).
   */
  waitForInvoice(
    accessToken: string,
    sessionReference: string,
    invoiceReference: string,
    { until = Infinity }: { until?: number } = {},
  ): Promise<SessionInvoiceStatusResponse> {
    return this.poll(
      () => this.invoiceStatus(accessToken, sessionReference, invoiceReference),
      (s) => invoiceOutcome(s.status.code) !== 'pending',
      'przetwarzanie faktury',
      until,
    );
  }

  /**
   * Every invoice sent in a session with its state, page after page (`pageSize`: at most the API's 500; the next page
   * is asked for with the previous page's continuation token).
   */
  async sessionInvoices(
    accessToken: string,
    sessionReference: string,
    { pageSize = SESSION_INVOICES_MAX_PAGE_SIZE }: { pageSize?: number } = {},
  ): Promise<SessionInvoiceStatusResponse[]> {
    const all: SessionInvoiceStatusResponse[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await this.request<SessionInvoicesResponse>(
        'GET',
        `/sessions/${encodeURIComponent(sessionReference)}/invoices?pageSize=${pageSize}`,
        {
          bearer: accessToken,
          // the OpenAPI passes the next page's token in this header
          extraHeaders: continuationToken ? { 'x-continuation-token': continuationToken } : {},
        },
      );
      all.push(...page.invoices);
      continuationToken = page.continuationToken;
    } while (continuationToken);
    return all;
  }

  sessionStatus(accessToken: string, sessionReference: string): Promise<SessionStatusResponse> {
    return this.request('GET', `/sessions/${encodeURIComponent(sessionReference)}`, { bearer: accessToken });
  }

  /** The invoice's UPO (XML, signed by the Ministry in the real service). */
  invoiceUpo(accessToken: string, sessionReference: string, ksefNumber: string): Promise<string> {
    return this.request(
      'GET',
      `/sessions/${encodeURIComponent(sessionReference)}/invoices/ksef/${encodeURIComponent(ksefNumber)}/upo`,
      { bearer: accessToken, accept: 'application/xml' },
    );
  }

  async closeSession(accessToken: string, sessionReference: string): Promise<void> {
    await this.request('POST', `/sessions/online/${encodeURIComponent(sessionReference)}/close`, {
      bearer: accessToken,
    });
  }

  private async poll<T>(
    ask: () => Promise<T>,
    done: (answer: T) => boolean,
    what: string,
    until = Infinity,
  ): Promise<T> {
    const started = Date.now();
    const deadline = Math.min(started + this.pollTimeoutMs, until);
    for (;;) {
      const answer = await ask();
      if (done(answer)) return answer;
      if (Date.now() + this.pollIntervalMs > deadline)
        throw new KsefApiError(
          `KSeF nie zakończył: ${what} w ${Math.round((Date.now() - started) / 1000)} s`,
          null,
          true,
        );
      await new Promise((resolve) => setTimeout(resolve, this.pollIntervalMs));
    }
  }
}
