// What the benches under tests/e2e/bench share: percentiles, the one-line summary, the machine line
// and the in-page stamp of the moment a selector first matches.
/* global document, MutationObserver -- whenShown's function runs in the browser */
import os from 'node:os';

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

export function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0],
    max: sorted.at(-1),
  };
}

export const fmt = (s) =>
  `p50 ${s.p50.toFixed(0)} ms · p95 ${s.p95.toFixed(0)} ms · min ${s.min.toFixed(0)} · max ${s.max.toFixed(0)} (n=${s.n})`;

export function machine() {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

/** In the page: resolves with the time (epoch ms, the page's clock) the selector first matches (now, or when the DOM changes). */
export function whenShown(page, selector) {
  return page.evaluate(
    (sel) =>
      new Promise((resolve) => {
        const stamp = () => performance.timeOrigin + performance.now();
        if (document.querySelector(sel)) return resolve(stamp());
        const observer = new MutationObserver(() => {
          if (!document.querySelector(sel)) return;
          observer.disconnect();
          resolve(stamp());
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true });
      }),
    selector,
  );
}
