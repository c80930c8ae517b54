/**
 * For the deployment tests: loads the functions' entry module as a deploy does — with a chosen
 * functions/.env and no secret in the environment — and reads what each exported function declares.
 * Each test file that uses it runs in a process of its own, so each loads the module afresh.
 */

/** The variables a deploy reads from functions/.env and the secrets the local stack puts in the environment. */
const DEPLOY_ENV = [
  'SMTP_URL',
  'P24_MERCHANT_ID',
  'P24_POS_ID',
  'P24_CRC',
  'P24_API_KEY',
  'P24_BASE_URL',
  'KSEF_TOKEN',
  'KSEF_ENVIRONMENT',
  'KSEF_BASE_URL',
  'KSEF_OFFLINE_CERTIFICATE',
  'KSEF_OFFLINE_KEY',
  'FIREBASE_CONFIG',
];

interface Endpoint {
  secretEnvironmentVariables?: { key: string }[];
  timeoutSeconds?: number;
  scheduleTrigger?: unknown;
}

export interface Deployment {
  /** Each exported function's deploy description. */
  endpoints: Map<string, Endpoint>;
  /** The functions that may read the secret, sorted. */
  holding: (secret: string) => string[];
  /** Every secret the deploy asks for (declared with defineSecret), sorted. */
  declaredSecrets: string[];
  /** Puts the environment back as it was. */
  restore: () => void;
}

export async function loadDeployment(dotEnv: Record<string, string>): Promise<Deployment> {
  const before = Object.fromEntries(DEPLOY_ENV.map((name) => [name, process.env[name]]));
  for (const name of DEPLOY_ENV) delete process.env[name];
  Object.assign(process.env, dotEnv, {
    // The Admin SDK's app needs a project and a database address to load; nothing connects.
    FIREBASE_CONFIG: JSON.stringify({ projectId: 'demo-deploy', databaseURL: 'http://127.0.0.1:9/?ns=demo-deploy' }),
  });
  const exported: Record<string, unknown> = await import('./index.js');
  const { declaredParams } = await import('firebase-functions/params');
  const endpoints = new Map(
    Object.entries(exported).flatMap(([name, value]) => {
      const endpoint = typeof value === 'function' ? (value as { __endpoint?: Endpoint }).__endpoint : undefined;
      return endpoint ? [[name, endpoint] as const] : [];
    }),
  );
  return {
    endpoints,
    holding: (secret) =>
      [...endpoints]
        .filter(([, e]) => (e.secretEnvironmentVariables ?? []).some((s) => s.key === secret))
        .map(([name]) => name)
        .sort(),
    declaredSecrets: declaredParams
      .filter((p) => (p as unknown as { toSpec: () => { type: string } }).toSpec().type === 'secret')
      .map((p) => p.name)
      .sort(),
    restore: () => {
      for (const [name, value] of Object.entries(before))
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    },
  };
}
