import { defineSecret } from 'firebase-functions/params';

/**
 * A function's secrets: the SMTP address and the ones it names, each only where the environment does not
 * provide it (locally the stack gives every value to the Functions emulator, which would otherwise try
 * Secret Manager). A function with secrets of its own lists SMTP's again because firebase-functions lays a
 * function's options over the global ones: its `secrets` replace the global `secrets`, they do not add up.
 *
 * A secret is declared (`defineSecret`) only here, when a function binds it: a deploy asks for every
 * declared secret, so a service not configured yet (no P24_BASE_URL, no KSeF address) asks for none of its own.
 */
export function secretOptions(own: readonly string[] = []): { secrets?: ReturnType<typeof defineSecret>[] } {
  const names = [...(process.env.SMTP_URL ? [] : ['SMTP_URL']), ...own.filter((name) => !process.env[name])];
  return names.length ? { secrets: names.map((name) => defineSecret(name)) } : {};
}
