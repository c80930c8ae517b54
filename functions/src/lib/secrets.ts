import { defineSecret } from 'firebase-functions/params';

type Secret = ReturnType<typeof defineSecret>;

/** The SMTP connection (mail/config.ts): every function may write a message and deliver it at once. */
const SMTP_URL_SECRET = defineSecret('SMTP_URL');

/**
 * A function's secrets: its own and the SMTP address, each only where the environment does not provide it
 * (locally the stack gives every value to the Functions emulator, which would otherwise try Secret Manager).
 * A function that declares secrets of its own lists SMTP's again because firebase-functions lays a
 * function's options over the global ones: its `secrets` replace the global `secrets`, they do not add up.
 */
export function secretOptions(own: readonly Secret[] = []): { secrets?: Secret[] } {
  const secrets = [...(process.env.SMTP_URL ? [] : [SMTP_URL_SECRET]), ...own];
  return secrets.length ? { secrets } : {};
}
