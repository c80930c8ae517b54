// Keyboard-only driving of a page: Tab (or Shift+Tab) until an element has focus, checking at every
// stop that the focused element shows where the focus is (an outline or a box shadow of its own),
// as a sighted keyboard user needs.
import type { Locator, Page } from 'playwright-core';
import { animationsFinished } from './axe';

interface FocusState {
  /** Tag, role and text of the focused element, for messages. */
  description: string;
  /** The focused element draws a focus indicator: an outline or a box shadow, and it is on screen. */
  visible: boolean;
}

/** What has focus now and whether it is visibly marked. */
export function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(async () => {
    // Focusing scrolls the element into view (smoothly): measure once the page has stopped moving.
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let i = 0, last = NaN; i < 60 && window.scrollY !== last; i++) {
      last = window.scrollY;
      await frame();
      await frame();
    }
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { description: 'body', visible: false };
    // An element focused from a script (the skip link's target, tabindex="-1") is no Tab stop: the
    // next Tab goes on from it, and that next stop is what must show focus.
    const INTERACTIVE =
      'a[href], button, input, select, textarea, [role=button], [role=link], [role=checkbox], [role=radio], ' +
      '[role=tab], [role=menuitem], [role=option], [role=switch], [role=textbox], [role=combobox], [role=slider], ' +
      '[role=spinbutton]';
    if (el.tabIndex < 0 && !el.matches(INTERACTIVE))
      return { description: `${el.tagName.toLowerCase()}#${el.id} (focus target)`, visible: true };
    // The indicator may be drawn by the field's own box around it (a password field's wrapper).
    const marked = (node: Element) => {
      const style = getComputedStyle(node);
      return (
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        (style.boxShadow !== '' && style.boxShadow !== 'none')
      );
    };
    const indicator = marked(el) || (el.parentElement !== null && marked(el.parentElement));
    const rect = el.getBoundingClientRect();
    const onScreen =
      rect.width > 0 &&
      rect.height > 0 &&
      rect.bottom > 0 &&
      rect.right > 0 &&
      rect.top < window.innerHeight &&
      rect.left < window.innerWidth;
    const name =
      el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
    return {
      description: `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name.trim().slice(0, 60)}"`,
      visible: indicator && onScreen,
    };
  });
}

export class KeyboardUser {
  /** Every focus stop without a visible indicator, for one assertion at the end of the journey. */
  readonly unmarked: string[] = [];
  /** How many Tab presses the journey took. */
  presses = 0;

  constructor(private readonly page: Page) {}

  /** Presses a key and records whether the element that then has focus shows it. */
  async press(key: string): Promise<FocusState> {
    await this.page.keyboard.press(key);
    if (key === 'Tab' || key === 'Shift+Tab') this.presses++;
    // Measured once it has moved into place (the skip link slides in, focus rings fade in).
    await animationsFinished(this.page);
    const state = await focusState(this.page);
    if (state.description !== 'body' && !state.visible)
      this.unmarked.push(`${this.page.url()} after ${key}: ${state.description}`);
    return state;
  }

  /** Tabs (forwards, or backwards) until `target` has focus; fails after `limit` presses. */
  async tabTo(target: Locator, { backwards = false, limit = 60 } = {}): Promise<void> {
    await target.waitFor();
    for (let i = 0; i < limit; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await this.press(backwards ? 'Shift+Tab' : 'Tab');
    }
    if (await target.evaluate((el) => el === document.activeElement)) return;
    throw new Error(
      `${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${target} (focus: ${(await focusState(this.page)).description})`,
    );
  }

  /** Types into the focused field, key by key. */
  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }
}

/** Whether `target` has focus. */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}
