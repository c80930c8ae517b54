// Buttons and links a screen reader cannot name in Polish: an icon-only control with no accessible
// name, or one named in English (a library default such as „Toggle password visibility”).
import type { Page } from 'playwright-core';

interface UnnamedControl {
  element: string;
  name: string;
}

function findUnnamedControls(): UnnamedControl[] {
  const ENGLISH =
    /\b(toggle|close|open|clear|increment|decrement|copy|show|hide|next|previous|prev|remove|delete|search|password|visibility|loading|submit|cancel|page|go to)\b/i;
  const hiddenFromReaders = (el: Element) => {
    for (let cur: Element | null = el; cur; cur = cur.parentElement) {
      if (cur.getAttribute('aria-hidden') === 'true') return true;
      const style = getComputedStyle(cur);
      if (style.display === 'none' || style.visibility === 'hidden') return true;
    }
    return false;
  };
  const accessibleName = (el: Element): string => {
    const label = el.getAttribute('aria-label');
    if (label) return label.trim();
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy)
      return labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim();
    if (el instanceof HTMLInputElement && el.labels && el.labels.length > 0)
      return Array.from(el.labels)
        .map((l) => l.textContent ?? '')
        .join(' ')
        .trim();
    const text = (el.textContent ?? '').trim();
    if (text) return text;
    const img = el.querySelector('img[alt]');
    if (img) return img.getAttribute('alt')!.trim();
    return (el.getAttribute('title') ?? '').trim();
  };
  const found: UnnamedControl[] = [];
  for (const el of Array.from(
    document.querySelectorAll(
      'button, a[href], [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], input[type="button"], input[type="submit"]',
    ),
  )) {
    if (hiddenFromReaders(el)) continue;
    const name = accessibleName(el);
    if (!name || ENGLISH.test(name)) {
      const testId = el.getAttribute('data-testid');
      found.push({
        element: `${el.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}.${el.classList[0] ?? ''}`,
        name,
      });
    }
  }
  return found;
}

export function unnamedControls(page: Page): Promise<UnnamedControl[]> {
  return page.evaluate(findUnnamedControls);
}
