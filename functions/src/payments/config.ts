/**
 * Przelewy24 account and addresses (docs/payments.md, "Configuration").
 *
 * Production: merchant id, POS id, CRC key and API key are the Functions secrets `P24_MERCHANT_ID`,
 * `P24_POS_ID`, `P24_CRC`, `P24_API_KEY` (`firebase functions:secrets:set …`); `P24_BASE_URL` in
 * `functions/.env` chooses `sandbox` or `production` (or a URL) and turns the secrets' binding on. Locally the stack puts all of them,
 * pointing at the stand-in (scripts/lib/p24StandIn.mjs), in the Functions emulator's environment —
 * and then no secret is declared, as for SMTP_URL (lib/secrets.ts): the emulator would try to read it
 * from Secret Manager, which a demo project cannot reach. Nothing of it reaches the browser.
 */
import { REGION } from '../domain/index.js';
import { P24_HOSTS, type P24Account } from '../domain/payments/przelewy24.js';
import { secretOptions } from '../lib/secrets.js';

const P24_SECRETS = ['P24_MERCHANT_ID', 'P24_POS_ID', 'P24_CRC', 'P24_API_KEY'];

/**
 * Options for the functions that call the provider: its secrets (and SMTP's) where the environment does not
 * provide them, once `P24_BASE_URL` in functions/.env turns online payments on.
 */
export function p24SecretOptions() {
  return secretOptions(process.env.P24_BASE_URL?.trim() ? P24_SECRETS : []);
}

export interface P24Config extends P24Account {
  apiKey: string;
  /** Origin of the API and the payment window (no trailing slash). */
  host: string;
  /** Where the provider sends transaction and refund notifications (the p24Notification function). */
  statusUrl: string;
  /** Origin of the web app, where the participant returns after the payment window. */
  appUrl: string;
}

/** The configuration, or null when the account is not set up (online payment is then refused politely). */
export function p24Config(): P24Config | null {
  const env = process.env;
  const merchantId = Number(env.P24_MERCHANT_ID);
  const posId = Number(env.P24_POS_ID || env.P24_MERCHANT_ID);
  const crc = env.P24_CRC?.trim();
  const apiKey = env.P24_API_KEY?.trim();
  if (!Number.isSafeInteger(merchantId) || merchantId <= 0 || !Number.isSafeInteger(posId) || !crc || !apiKey)
    return null;
  const base = env.P24_BASE_URL?.trim() || 'sandbox';
  const host = (base === 'sandbox' || base === 'production' ? P24_HOSTS[base] : base).replace(/\/+$/, '');
  const project = env.GCLOUD_PROJECT ?? '';
  const statusUrl = env.P24_STATUS_URL?.trim() || `https://${REGION}-${project}.cloudfunctions.net/p24Notification`;
  const appUrl = (env.APP_URL?.trim() || 'http://127.0.0.1:5173').replace(/\/+$/, '');
  return { merchantId, posId, crc, apiKey, host, statusUrl, appUrl };
}
