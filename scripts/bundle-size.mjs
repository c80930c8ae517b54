#!/usr/bin/env node
// Gzip size of the JavaScript each part of the SPA loads, from web/dist/.vite/manifest.json.
// Usage: node scripts/bundle-size.mjs [--build] [--json] [--docs] [--dist <dir>]
// --docs rewrites the "Bundle size" section of docs/benchmarks.md with this run's numbers.
// Reads web/dist (built by `npm run build -w web`; --build runs that build first), prints a table,
// exits 1 when a budget is exceeded.
// Sizes change only with the code (within ~0.3 KB between builds of one tree), so this check can run in `npm test`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
// Issue 31: everything the dashboard downloads until its data shows, at most 200 KB gzip.
const DASHBOARD_COMPLETE_KB = 200;
const BUDGETS = {
  // What the sign-in page needs to render: entry + its start-up parts + the `/` route chunk.
  signIn: 200 * KB,
  // Also everything the sign-in page fetches right after (Firebase App + Auth for the session
  // check). Over it only warns: it grows when a feature imports 'firebase/auth' whole instead of
  // through shared/firebase's loaders.
  signInWithSession: 200 * KB,
  // What the returning user's dashboard first paint needs: entry + the dashboard frame (the device's
  // last user stands in for the session; Firebase App and Auth load after the first data). The page
  // renders into the frame once its own chunk and its data code arrive (app/router/createRouter.tsx).
  dashboardFirstPaint: 200 * KB,
  // Everything the returning user's dashboard loads until its data shows (+ home page, RTK Query,
  // schemas; the first data comes over the REST API with the identity SDK's stored ID
  // token, and Firebase App, Auth and Database load after it: shared/firebase). Enforced.
  dashboardComplete: DASHBOARD_COMPLETE_KB * KB,
  areaChunk: 60 * KB, // each feature area's own chunk
};

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webDir = join(root, 'web');
const argv = process.argv.slice(2);
const args = new Set(argv);
// --dist <dir>: measure another build of the app (e.g. one made with `vite build --outDir <dir>`).
const distDir = argv.includes('--dist') ? resolve(argv[argv.indexOf('--dist') + 1]) : join(webDir, 'dist');

if (args.has('--build')) {
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const manifestPath = join(distDir, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run the build first (npm run build -w web).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

function key(predicate, what) {
  const found = Object.keys(manifest).find(predicate);
  if (!found) throw new Error(`Manifest has no chunk for ${what}`);
  return found;
}

/** The chunk's file plus everything it imports statically, transitively. */
function closure(k, into = new Set()) {
  const entry = manifest[k];
  if (!entry || into.has(entry.file)) return into;
  into.add(entry.file);
  for (const dep of entry.imports ?? []) closure(dep, into);
  return into;
}

const union = (...sets) => new Set(sets.flatMap((s) => [...s]));
const total = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipSize(f), 0);

const entry = key((k) => manifest[k].isEntry, 'the entry');
/**
 * Manifest key of the chunk holding a package's code. Chunks shared by several dynamic imports are
 * named after none of them, so the chunks' source maps are searched instead of the manifest keys.
 */
function chunkWithSource(pattern, what) {
  for (const [k, chunk] of Object.entries(manifest)) {
    const mapFile = join(distDir, `${chunk.file}.map`);
    if (!chunk.file.endsWith('.js') || !existsSync(mapFile)) continue;
    if (JSON.parse(readFileSync(mapFile, 'utf8')).sources.some((s) => pattern.test(s))) return k;
  }
  throw new Error(`No chunk contains ${what} (is web/dist current?)`);
}
const firebase = (part) => chunkWithSource(new RegExp(`@firebase/${part}/dist/`), `@firebase/${part}`);
// An area's pages module can share a chunk with something it loads lazily itself, so search the maps.
// A pages module that only re-exports has no code of its own in any map: its manifest entry names the chunk.
// Areas are features, except the admin page, which app/ composes from several features' tabs.
const areaDir = (name) => (existsSync(join(webDir, 'src', 'app', name, 'pages.tsx')) ? 'app' : 'features');
// Rollup can also key such a re-exporting entry by its chunk name (`_pages-…`): then the dynamic entry
// whose map holds the area's own files is its chunk.
const areaEntryBySources = (name) => {
  const folder = new RegExp(`src/${areaDir(name)}/${name}/`);
  for (const [k, chunk] of Object.entries(manifest)) {
    const mapFile = join(distDir, `${chunk.file}.map`);
    if (!chunk.isDynamicEntry || !existsSync(mapFile)) continue;
    if (JSON.parse(readFileSync(mapFile, 'utf8')).sources.some((s) => folder.test(s))) return k;
  }
  return null;
};
const area = (name) => {
  const source = `src/${areaDir(name)}/${name}/pages.tsx`;
  if (manifest[source]) return source;
  try {
    return chunkWithSource(new RegExp(`${source.replace('.', '\\.')}$`), `area ${name}`);
  } catch (error) {
    const byFolder = areaEntryBySources(name);
    if (byFolder) return byFolder;
    throw error;
  }
};

// main.tsx starts the app in parts, each an `import()` that index.html preloads with the entry (its only
// dynamic imports): they belong to every page's start as the entry's static imports do.
const entryFiles = union(closure(entry), ...(manifest[entry].dynamicImports ?? []).map((k) => closure(k)));
const signInCritical = union(entryFiles, closure(area('auth')));
const signIn = union(signInCritical, closure(firebase('app')), closure(firebase('auth')));
const layoutChunk = (file) =>
  closure(chunkWithSource(new RegExp(`src/app/layouts/${file.replace('.', '\\.')}$`), file));
const firebaseAuth = union(closure(firebase('app')), closure(firebase('auth')));
// A returning user (an account whose ID token the identity SDK has stored on the device): the frame and
// the first data need no Firebase code (shared/firebase/storedSession.ts).
const dashboardFirstPaint = union(entryFiles, layoutChunk('DashboardLayout.tsx'));
const dashboard = union(dashboardFirstPaint, closure(area('home')));
// Without a usable stored session (first visit, token expired) the first data waits for Firebase Auth.
const dashboardWithAuth = union(dashboard, firebaseAuth);
// Loaded once the first data has drawn: Auth confirms the session, then the Database SDK keeps it live.
const authAfterData = [...firebaseAuth].filter((file) => !dashboard.has(file));
const liveUpdates = [...closure(firebase('database'))].filter((file) => !dashboardWithAuth.has(file));
// The role sync compares the role mirror with the identity SDK's token: it loads with the SDKs (DashboardLayout).
const roleSyncAfterData = [
  ...closure(chunkWithSource(/src\/features\/roles\/roleSync\.tsx?$/, 'the role sync')),
].filter((file) => !dashboard.has(file));

// Fetched on the first use of the menu or when the browser is idle after the page (DashboardLayout).
const userMenuExtra = [...layoutChunk('UserMenu.tsx')].filter((file) => !dashboard.has(file));

const featuresDir = join(webDir, 'src', 'features');
const areaNames = [
  ...readdirSync(featuresDir).filter((name) => existsSync(join(featuresDir, name, 'pages.tsx'))),
  'admin',
].sort();

/**
 * The scripts index.html carries inline (colour mode, the prerendered shell's bootstrap and, in a build
 * with a Firebase configuration, the early reads: web/vite-plugins), gzipped together.
 */
function inlineScriptsSize() {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  return gzipSync(scripts.join('\n'), { level: 9 }).length;
}

const rows = [
  {
    name: 'sign-in page (/): entry + start-up parts + route chunk',
    size: total(signInCritical),
    budget: BUDGETS.signIn,
  },
  {
    name: 'sign-in page (/): + Firebase App + Auth (session check)',
    size: total(signIn),
    budget: BUDGETS.signInWithSession,
    warnOnly: true,
    hint: "Load Firebase Auth functions through web/src/shared/firebase (loadAuth / loadAuthExtras), never with import('firebase/auth').",
  },
  {
    name: 'dashboard (/dashboard) first paint: entry + frame',
    size: total(dashboardFirstPaint),
    budget: BUDGETS.dashboardFirstPaint,
  },
  {
    name: 'dashboard (/dashboard) complete: + home page, its data code',
    size: total(dashboard),
    budget: BUDGETS.dashboardComplete,
  },
  {
    name: 'dashboard (/dashboard) complete without a stored session: + Firebase App/Auth',
    size: total(dashboardWithAuth),
  },
  {
    name: "Firebase App + Auth (session check), after the dashboard's first data",
    size: total(new Set(authAfterData)),
  },
  { name: "Firebase Database (live updates), after the dashboard's first data", size: total(new Set(liveUpdates)) },
  { name: "role sync, after the dashboard's first data", size: total(new Set(roleSyncAfterData)) },
  { name: 'user menu (popover), on first use or when idle after the page', size: total(new Set(userMenuExtra)) },
  ...areaNames.map((name) => ({
    name: `area chunk: ${name}`,
    size: gzipSize(manifest[area(name)].file),
    budget: BUDGETS.areaChunk,
  })),
  {
    name: 'entry chunk alone (main.tsx; the start-up parts it imports are in the rows above)',
    size: gzipSize(manifest[entry].file),
  },
  { name: "index.html's inline scripts (not in the rows above)", size: inlineScriptsSize() },
  { name: 'Firebase Auth (+ App core)', size: total(union(closure(firebase('app')), closure(firebase('auth')))) },
  { name: 'Firebase Database', size: gzipSize(manifest[firebase('database')].file) },
];

const fmt = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const over = rows.filter((r) => r.budget && r.size > r.budget && !r.warnOnly);
const warnings = rows.filter((r) => r.budget && r.size > r.budget && r.warnOnly);

if (args.has('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log(`${'JavaScript (gzip -9)'.padEnd(width)}  ${'size'.padStart(9)}  ${'budget'.padStart(9)}`);
  for (const r of rows) {
    const flag = r.budget ? (r.size > r.budget ? (r.warnOnly ? '  over (warning)' : '  OVER BUDGET') : '  ok') : '';
    console.log(
      `${r.name.padEnd(width)}  ${fmt(r.size).padStart(9)}  ${(r.budget ? fmt(r.budget) : '').padStart(9)}${flag}`,
    );
  }
}

if (args.has('--docs')) writeDocs();

function writeDocs() {
  const docsFile = join(root, 'docs', 'benchmarks.md');
  const start = '<!-- bench:bundle-size:start -->';
  const end = '<!-- bench:bundle-size:end -->';
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const table = rows
    .map(
      (r) =>
        `| ${r.name} | ${fmt(r.size)} | ${r.budget ? `${fmt(r.budget)}${r.warnOnly ? ' (warning)' : ''}` : ''} | ${r.budget ? (r.size > r.budget ? '**over**' : 'ok') : ''} |`,
    )
    .join('\n');
  const section = `${start}
## Bundle size (\`node scripts/bundle-size.mjs --build --docs\`)

Command: \`npm run bundle-size -w web\` (= \`vite build\`, then \`node scripts/bundle-size.mjs\`); \`npm test\`
runs the same check after its web build. Sizes are gzip level 9 of the built JavaScript, from
\`web/dist/.vite/manifest.json\`, following static imports. They change with the code, so the budget
is enforced (exit code 1 when over). Builds of one tree can differ by a few hundred bytes: Rollup does
not always merge a small shared chunk (\`experimentalMinChunkSize\`) into the same neighbour, and a
split costs each file's gzip header and import lines. Keep modules the dashboard needs out of
modules it does not (its free ticket units come from \`domain/schemas.ts\`, not the waiting list's
module). Last run: ${when} UTC.

- *sign-in page*: the entry chunk, the start-up parts it imports (React DOM, the session, the UI:
  \`main.tsx\`; index.html preloads them with it), everything those import statically and the \`/\` route chunk (what
  the first paint needs); the second row adds Firebase App + Auth, which the page fetches right
  after to learn whether a session exists (lazily, off the critical path).
- *dashboard first paint*: a returning user's cold load (an account whose session the identity SDK
  has stored on the device): the entry and the dashboard frame (header, navigation, the user menu's
  button). On the page load the page renders into the frame once its chunk and its data code have
  arrived; they are requested at the same moment as the frame, so the first paint comes earlier and
  the rest no later.
- *dashboard complete*: everything that dashboard loads until its data shows: the home area and what
  it imports (RTK Query, the domain schemas and zod, which validate what the database sends). The
  role sync, which compares the role mirror with the identity SDK's token, loads with the SDKs after
  the first data (its own row). The first data comes over the Realtime Database REST API with the ID token the
  identity SDK stored; Firebase App + Auth (their own row) load once it has drawn and confirm the
  session, then Firebase Database (its own row) keeps the data live. Without a usable stored session
  (the first visit, a token about to expire) the first data waits for Firebase App + Auth: the row
  *without a stored session*. The user menu's popover code is not part of
  it either: the menu's button stands in until the user reaches for it (pointer, touch, focus) or
  the browser has been idle for a few seconds after the page; its own row gives what that fetch adds.
  Enforced at ${fmt(BUDGETS.dashboardComplete)}, issue 31's limit.
- *area chunk*: each feature area's own chunk (its pages; shared UI pieces live in shared chunks).
- *index.html's inline scripts*: part of the HTML, which every page loads first: the colour mode,
  the prerendered shell's bootstrap and, in a build with a Firebase configuration (\`npm start\`,
  the e2e stack, production), the returning user's early reads (web/vite-plugins/earlyReads.ts).

| JavaScript | gzip | budget | |
|---|---:|---:|:---:|
${table}
${end}`;
  const current = existsSync(docsFile) ? readFileSync(docsFile, 'utf8') : '# Benchmarks\n';
  const next = current.includes(start)
    ? current.replace(new RegExp(`${start}[\\s\\S]*?${end}`), section)
    : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(docsFile, next);
  console.log(`\nWrote the Bundle size section of ${docsFile}`);
}

for (const r of warnings) console.warn(`\nWarning: ${r.name} is over ${fmt(r.budget)}. ${r.hint}`);
if (over.length > 0) {
  console.error(`\nOver budget: ${over.map((r) => r.name).join('; ')}`);
  process.exit(1);
}
