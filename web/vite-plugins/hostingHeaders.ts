import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

interface HostingHeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

/** Firebase Hosting's glob (`/assets/**`, `/index.html`) as a regular expression of the whole path. */
function globToRegExp(glob: string): RegExp {
  const pattern = glob
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

/** firebase.json's hosting.headers, each with its glob as a regular expression. */
export function hostingHeaderRules(firebaseJsonText: string) {
  return ((JSON.parse(firebaseJsonText) as { hosting?: { headers?: HostingHeaderRule[] } }).hosting?.headers ?? []).map(
    (rule) => ({ match: globToRegExp(rule.source), headers: rule.headers }),
  );
}

/**
 * The headers Hosting sends for a request path (the path asked for, before any rewrite): every matching rule
 * applies in order, so for one header the last matching rule wins (firebase-tools issue #9467).
 */
export function headersFor(rules: ReturnType<typeof hostingHeaderRules>, path: string): HostingHeaderRule['headers'] {
  const byKey = new Map<string, HostingHeaderRule['headers'][number]>();
  for (const rule of rules) if (rule.match.test(path)) for (const h of rule.headers) byKey.set(h.key.toLowerCase(), h);
  return [...byKey.values()];
}

/**
 * `vite preview` answers with the response headers `firebase.json` gives Firebase Hosting
 * (hosting.headers), so that measurements of the production build on the local stack see
 * production's caching: hashed assets cached for a year, the HTML revalidated. Without it every
 * asset comes back `Cache-Control: no-cache` and a second visit revalidates each one over the
 * network (`npm run bench:web`, second-visit row).
 */
export function hostingHeaders(firebaseJson: URL): Plugin {
  const rules = hostingHeaderRules(readFileSync(firebaseJson, 'utf8'));
  return {
    name: 'hosting-headers',
    configurePreviewServer(server) {
      // Registered before the preview's static file server, which sets its own Cache-Control in writeHead.
      server.middlewares.use((req, res, next) => {
        const headers = headersFor(rules, new URL(req.url ?? '/', 'http://localhost').pathname);
        if (headers.length > 0) overrideHeaders(res, headers);
        next();
      });
    },
  };
}

function overrideHeaders(res: ServerResponse, headers: HostingHeaderRule['headers']) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'object' && last !== null && !Array.isArray(last)) {
      const given = last as Record<string, unknown>;
      for (const { key } of headers)
        for (const name of Object.keys(given)) if (name.toLowerCase() === key.toLowerCase()) delete given[name];
    }
    for (const { key, value } of headers) res.setHeader(key, value);
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}
