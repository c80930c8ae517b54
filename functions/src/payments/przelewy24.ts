/**
 * The Przelewy24 provider module: the REST API calls (register, verify, refund, transaction lookup)
 * behind the provider seam (provider.ts). Checksums and message shapes are in the domain
 * (domain/payments/przelewy24.ts). Amounts are integer grosze, the currency is PLN.
 */
import { logger } from 'firebase-functions/v2';
import { p24Sign } from '../domain/payments/przelewy24.js';
import type { P24Config } from './config.js';

/** A failed API call: `status` 0 = no answer (network, timeout). */
class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's `error`: a text, or for a refused refund one entry per refund with its `message`. */
    readonly providerError?: unknown,
  ) {
    super(message);
  }
}

/** The provider refused a refund (409): it will not make it; `reason` is its own words. */
export class RefundRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`Przelewy24 transaction/refund refused: ${reason}`);
  }
}

const API_TIMEOUT_MS = 20_000;

async function api<T>(config: P24Config, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config.host}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${config.posId}:${config.apiKey}`).toString('base64')}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderError(
      `Przelewy24 ${path}: brak odpowiedzi (${error instanceof Error ? error.message : String(error)})`,
      0,
    );
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const error = (parsed as { error?: unknown } | null)?.error;
    throw new ProviderError(
      `Przelewy24 ${path}: ${response.status} ${typeof error === 'string' ? error : text.slice(0, 200)}`,
      response.status,
      error,
    );
  }
  return parsed as T;
}

interface RegisterRequest {
  sessionId: string;
  amount: number;
  description: string;
  email: string;
  urlReturn: string;
}

/** transaction/register → the token of the payment window. */
export async function registerTransaction(
  config: P24Config,
  request: RegisterRequest,
): Promise<{ token: string; redirectUrl: string }> {
  const body = {
    merchantId: config.merchantId,
    posId: config.posId,
    sessionId: request.sessionId,
    amount: request.amount,
    currency: 'PLN',
    description: request.description,
    email: request.email,
    country: 'PL',
    language: 'pl',
    urlReturn: request.urlReturn,
    urlStatus: config.statusUrl,
    // The provider's window closes after this many minutes; the order's own deadline is longer.
    timeLimit: 15,
    waitForResult: false,
    sign: p24Sign('register', {
      sessionId: request.sessionId,
      merchantId: config.merchantId,
      amount: request.amount,
      currency: 'PLN',
      crc: config.crc,
    }),
  };
  const answer = await api<{ data?: { token?: unknown } }>(config, 'POST', '/transaction/register', body);
  const token = answer?.data?.token;
  if (typeof token !== 'string' || !/^[A-Za-z0-9-]{1,100}$/.test(token))
    throw new ProviderError('Przelewy24 transaction/register: odpowiedź bez tokenu', 502);
  return { token, redirectUrl: `${config.host}/trnRequest/${token}` };
}

/** transaction/verify: the provider confirms it holds the money; only then is the order booked. */
export async function verifyTransaction(
  config: P24Config,
  t: { sessionId: string; orderId: number; amount: number },
): Promise<void> {
  const body = {
    merchantId: config.merchantId,
    posId: config.posId,
    sessionId: t.sessionId,
    amount: t.amount,
    currency: 'PLN',
    orderId: t.orderId,
    sign: p24Sign('verify', {
      sessionId: t.sessionId,
      orderId: t.orderId,
      amount: t.amount,
      currency: 'PLN',
      crc: config.crc,
    }),
  };
  const answer = await api<{ data?: { status?: unknown } }>(config, 'PUT', '/transaction/verify', body);
  if (answer?.data?.status !== 'success')
    throw new ProviderError('Przelewy24 transaction/verify: brak potwierdzenia', 502);
}

/**
 * transaction/refund of part or all of a verified transaction; its notification goes to statusUrl. Answers
 * `repeat` when this refundsUuid was asked for before (400 „Request already exists”: the provider does not take
 * it again), and throws RefundRefusedError when the provider will not make the refund (409, per refund reason).
 */
export async function refundTransaction(
  config: P24Config,
  r: { refundsUuid: string; sessionId: string; orderId: number; amount: number; description: string },
): Promise<'requested' | 'repeat'> {
  const body = {
    requestId: r.refundsUuid,
    refundsUuid: r.refundsUuid,
    urlStatus: config.statusUrl,
    refunds: [
      { orderId: r.orderId, sessionId: r.sessionId, amount: r.amount, description: r.description.slice(0, 35) },
    ],
  };
  try {
    await api(config, 'POST', '/transaction/refund', body);
    return 'requested';
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.status === 400 && error.providerError === 'Request already exists') {
      logger.info(`Przelewy24 refund ${r.refundsUuid} already requested`);
      return 'repeat';
    }
    if (error.status === 409) {
      const items = Array.isArray(error.providerError) ? (error.providerError as { message?: unknown }[]) : [];
      const reasons = items.map((item) => (typeof item?.message === 'string' ? item.message : '')).filter(Boolean);
      throw new RefundRefusedError(reasons.join('; ') || 'refund refused');
    }
    throw error;
  }
}
