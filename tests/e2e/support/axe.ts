// axe-core, the accessibility rules engine, run inside a Playwright page. @axe-core/playwright needs
// Node 22, so the engine's own browser build is injected into the page and called directly: the same
// rules and results, without the wrapper.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

interface AxeNode {
  target: string;
  html: string;
  summary: string;
}

export interface AxeViolation {
  id: string;
  impact: Impact;
  help: string;
  nodes: AxeNode[];
}

/** Violations counted by impact (one per rule and element, as axe reports them). */
export type ImpactCounts = Record<Impact, number>;

/** Waits until no CSS animation or transition is running (a page fading in has half-transparent text). */
export async function animationsFinished(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Runs every axe rule (WCAG 2.x A and AA, plus best practices) on the whole document. The engine is
 * injected in the same evaluation that runs it (when the document does not have it yet), so a page
 * that reloads in between cannot leave the call without its engine; a client-side navigation keeps it.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await animationsFinished(page);
  return page.evaluate(async (source) => {
    type Result = {
      id: string;
      impact: string;
      help: string;
      nodes: { target: unknown[]; html: string; failureSummary?: string }[];
    };
    type Axe = { run: (context: Document, options: object) => Promise<{ violations: Result[] }> };
    const scope = window as unknown as { axe?: Axe };
    // Indirect eval: the engine's script defines window.axe as a script tag would.
    if (!scope.axe) (0, eval)(source);
    const { violations } = await scope.axe!.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact as Impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        html: n.html.slice(0, 160),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
      })),
    }));
  }, AXE_SOURCE);
}

export function countByImpact(violations: AxeViolation[]): ImpactCounts {
  const counts: ImpactCounts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const v of violations) counts[v.impact] += v.nodes.length;
  return counts;
}

/** One line per failing element, for a failure message a developer can act on. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}): ${n.target} ${n.html} — ${n.summary}`),
  );
}
