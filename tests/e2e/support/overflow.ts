// Finds text that does not fit its box: an element that holds text of its own (or an input's value
// or placeholder) and whose content is wider than the box, whether it spills out visibly or is cut
// (overflow: hidden, text-overflow: ellipsis). Page-level overflow alone would miss a badge clipped
// inside a card, which is what a reader actually sees.
import type { BrowserContext, Page } from 'playwright-core';

interface OverflowFinding {
  /** A short CSS-like path to the element, for the failure message. */
  element: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/** Runs in the page: every visible text-bearing element whose content is wider than its box. */
function findOverflowingText(): OverflowFinding[] {
  const SLACK = 1; // sub-pixel rounding
  const findings: OverflowFinding[] = [];
  const describe = (el: Element): string => {
    const parts: string[] = [];
    for (let cur: Element | null = el; cur && parts.length < 4; cur = cur.parentElement) {
      const testId = cur.getAttribute('data-testid');
      parts.unshift(
        `${cur.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : cur.classList[0] ? `.${cur.classList[0]}` : ''}`,
      );
      if (testId) break;
    }
    return parts.join(' > ');
  };
  const visible = (el: Element) => {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return false;
    // Visually hidden helpers (1 × 1 px, clipped) are read by screen readers only.
    return !(rect.width <= 1 && rect.height <= 1);
  };
  const canvas = document.createElement('canvas').getContext('2d')!;

  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    if (el instanceof SVGElement || !visible(el)) continue;
    const style = getComputedStyle(el);
    if (style.display === 'inline' || style.display === 'contents') continue; // inline boxes have no width of their own; their block is checked
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      if (el.type === 'checkbox' || el.type === 'radio' || el.type === 'hidden') continue;
      // What the field itself shows: its placeholder while empty, or the value of a read-only field
      // (a select's chosen option). A long value typed into an editable field scrolls, as it should.
      if (el instanceof HTMLTextAreaElement) continue;
      const shown = el.value ? (el.readOnly ? el.value : '') : el.placeholder;
      if (!shown) continue;
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const letterSpacing = parseFloat(style.letterSpacing) || 0;
      const textWidth = canvas.measureText(shown).width + letterSpacing * shown.length;
      const box = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (textWidth > box + SLACK)
        findings.push({
          element: describe(el),
          text: shown,
          scrollWidth: Math.ceil(textWidth),
          clientWidth: Math.floor(box),
        });
      continue;
    }
    const ownText = Array.from(el.childNodes).some(
      (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
    );
    if (!ownText) continue;
    if (el.scrollWidth > el.clientWidth + SLACK) {
      findings.push({
        element: describe(el),
        text: (el.textContent ?? '').trim().slice(0, 80),
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      });
    }
  }
  // The page itself must not scroll sideways either: not now, and not in any frame since the last
  // look (a page sliding in can stick out for a few frames; see watchPageWidth).
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + SLACK)
    findings.push({
      element: 'html',
      text: '(page wider than the window)',
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
    });
  const watch = (window as { __widestPage?: { scrollWidth: number; clientWidth: number; path: string } | null })
    .__widestPage;
  if (watch)
    findings.push({
      element: 'html',
      text: `(page wider than the window in a frame while showing ${watch.path})`,
      scrollWidth: watch.scrollWidth,
      clientWidth: watch.clientWidth,
    });
  (window as { __widestPage?: unknown }).__widestPage = null;
  return findings;
}

/**
 * Watches every frame of every page of the context, from the first, for a document wider than the
 * window (what a reader sees as a sideways scroll, however briefly: an entering transition, a part
 * that loads late). The widest is kept in the page until overflowingText reports it.
 */
export async function watchPageWidth(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const SLACK = 1;
    const state = window as { __widestPage?: { scrollWidth: number; clientWidth: number; path: string } | null };
    const look = () => {
      const root = document.documentElement;
      if (
        root &&
        root.clientWidth > 0 &&
        root.scrollWidth > root.clientWidth + SLACK &&
        root.scrollWidth > (state.__widestPage?.scrollWidth ?? 0)
      ) {
        state.__widestPage = { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, path: location.pathname };
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

export function overflowingText(page: Page): Promise<OverflowFinding[]> {
  return page.evaluate(findOverflowingText);
}

export function describeFindings(findings: OverflowFinding[]): string {
  return findings
    .map((f) => `${f.element}: "${f.text}" (${f.scrollWidth} px of content in ${f.clientWidth} px)`)
    .join('\n');
}

/**
 * Runs in the page: badges (statuses) whose text breaks inside a word — „OCZ/EKUJ/E NA/PŁA/TNO/ŚĆ”
 * in a table column squeezed narrower than the badge's longest word. Whole words wrapping is fine.
 */
function findBrokenBadgeWords(): OverflowFinding[] {
  const findings: OverflowFinding[] = [];
  for (const label of Array.from(document.querySelectorAll('.mantine-Badge-label'))) {
    const rect = label.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const range = document.createRange();
      const top = (i: number) => {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return range.getBoundingClientRect().top;
      };
      for (const word of text.matchAll(/\S+/g)) {
        const first = word.index;
        const last = first + word[0].length - 1;
        if (Math.abs(top(first) - top(last)) > 2) {
          findings.push({
            element: `badge "${(label.textContent ?? '').trim()}"`,
            text: `the word „${word[0]}” is broken across lines`,
            scrollWidth: 0,
            clientWidth: Math.floor(rect.width),
          });
          break;
        }
      }
    }
  }
  return findings;
}

export function brokenBadgeWords(page: Page): Promise<OverflowFinding[]> {
  return page.evaluate(findBrokenBadgeWords);
}
