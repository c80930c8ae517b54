#!/usr/bin/env node
// `npm test`: every test layer in order, stopping at the first one that fails:
// typecheck + lint → unit → bundle budget → emulator conformance → security rules →
// functions integration → end-to-end in Chromium. `npm test -- <layer>…` runs only those layers.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/stack.mjs';
import { ensureChromium } from './lib/chromium.mjs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const reportDir = path.join(ROOT, 'test-results');
mkdirSync(reportDir, { recursive: true });

function run(label, command, args, { onFinish = () => {} } = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  // The layer's wall time, for docs/benchmarks.md ("Test suite").
  console.log(`⏱ ${label}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  onFinish();
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (${result.signal ?? `exit code ${result.status}`}).`);
    printTotals();
    process.exit(1);
  }
}

function vitest(label, projects) {
  const reportFile = path.join(reportDir, `vitest-${label}.json`);
  rmSync(reportFile, { force: true });
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  let ranNone = false;
  const countReport = () => {
    if (!existsSync(reportFile)) return;
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    ranNone = report.numTotalTests === 0;
  };
  run(
    label,
    'npx',
    ['vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`],
    { onFinish: countReport },
  );
  if (ranNone) {
    console.error(`\n✖ ${label}: no tests ran.`);
    process.exit(1);
  }
}

function printTotals() {
  console.log(`\nAll layers: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
}

const layers = {
  typecheck() {
    // The same command as `npm run typecheck`: the root tsconfig.json references every package and its tests.
    run('typecheck', 'npx', ['tsc', '-b']);
    run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
    run('format', 'npx', ['prettier', '--check', '.']);
  },
  unit() {
    vitest('unit', ['unit', 'web']);
  },
  budget() {
    if (!existsSync(path.join(ROOT, 'scripts/bundle-size.mjs'))) return;
    run('build web', 'npm', ['run', 'build', '-w', 'web']);
    run('bundle budget', process.execPath, ['scripts/bundle-size.mjs']);
    run('mantine styles', process.execPath, ['scripts/check-mantine-styles.mjs']);
  },
  conformance() {
    vitest('conformance', ['conformance']);
  },
  rules() {
    vitest('rules', ['rules']);
  },
  functions() {
    vitest('functions', ['functions']);
  },
  async e2e() {
    const chrome = await ensureChromium();
    process.env.CHROME_PATH = chrome;
    vitest('e2e', ['e2e']);
  },
};

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
for (const name of requested) {
  if (!layers[name]) {
    console.error(`Unknown test layer "${name}". Layers: ${Object.keys(layers).join(', ')}`);
    process.exit(2);
  }
}
for (const [name, layer] of Object.entries(layers)) {
  if (requested.length && !requested.includes(name)) continue;
  await layer();
}
printTotals();
