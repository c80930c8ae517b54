// axe-core on every route, for each role that sees it (signed out, participant, staff, admin with
// each admin tab), in light and dark mode, on a 390 px phone and a 1280 px desktop: no violation of
// impact „serious” or „critical”. The participant is one of this file's own with crowded data
// (tests/e2e/support/a11yAudit.ts). Counts per route are written to
// test-results/accessibility.md (docs/accessibility.md carries the latest).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { launchBrowser } from '../helpers/browser';
import {
  auditRole,
  prepareCrowdedParticipant,
  reportTables,
  ROLES,
  type AuditReportEntry,
  type CrowdedParticipant,
} from './support/a11yAudit';
import { sharedStack } from './support/shared';

const WIDTHS = [390, 1280] as const;

let browser: Browser;
let web: string;
let participant: CrowdedParticipant;
const report: AuditReportEntry[] = [];

beforeAll(async () => {
  const stack = sharedStack();
  web = stack.urls.web;
  participant = await prepareCrowdedParticipant(stack);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (report.length === 0) return;
  const dir = path.join(ROOT, 'test-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'accessibility.md'), `${reportTables(report)}\n`);
  writeFileSync(path.join(dir, 'accessibility.json'), JSON.stringify(report, null, 1));
});

describe.each(ROLES)('axe on every %s route', (role) => {
  it.each(WIDTHS)(
    'at %i px, light and dark: no serious or critical violation',
    async (width) => {
      const audit = await auditRole(browser, web, role, width, participant);
      report.push({ role, width, views: audit.views });
      expect(audit.views.length).toBeGreaterThan(0);
      expect(audit.blocking).toEqual([]);
    },
    1_200_000,
  );
});
