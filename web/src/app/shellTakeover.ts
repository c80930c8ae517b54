/**
 * The app's side of the prerendered shell (vite-plugins/prerenderShell.ts): index.html paints the
 * page from HTML before the JavaScript has loaded, above the hidden `#root` the app renders into.
 * Once the app has drawn its first page, it takes the shell's place here. On the shell's own page it
 * carries over what the visitor did meanwhile: typed values, the focus and caret, a submitted form
 * (held by the shell) and a pressed button; anywhere else (a redirect, an error page) the shell just goes.
 * The focus goes to the app's twin of the focused shell element, so a keyboard user who tabbed (or
 * took the skip link) before the app arrived goes on from the same place.
 */

type ShellElement = HTMLElement & { pressed?: HTMLButtonElement };
type Field = HTMLInputElement | HTMLTextAreaElement;

function isField(element: Element | null): element is Field {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
}

/**
 * The app's counterpart of a shell element: a field by its name, a button by its label, a link by its
 * target and text (the skip link), and anything else by its id (the `#tresc` the skip link focuses).
 */
function twinOf(element: Element, root: HTMLElement): HTMLElement | null {
  if (isField(element) && element.name) {
    return root.querySelector<HTMLElement>(`${element.tagName}[name="${CSS.escape(element.name)}"]`);
  }
  if (element instanceof HTMLButtonElement) {
    const label = (button: HTMLButtonElement) => `${button.getAttribute('aria-label') ?? ''}|${button.textContent}`;
    return [...root.querySelectorAll('button')].find((button) => label(button) === label(element)) ?? null;
  }
  if (element instanceof HTMLAnchorElement) {
    const key = (link: HTMLAnchorElement) => `${link.getAttribute('href')}|${link.textContent}`;
    return [...root.querySelectorAll('a')].find((link) => key(link) === key(element)) ?? null;
  }
  return element.id ? root.querySelector<HTMLElement>(`#${CSS.escape(element.id)}`) : null;
}

/** Sets a field's value the way typing does, so React's onChange (and the form state) see it. */
function typeInto(field: Field, value: string): void {
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Removes the shell, if it is still there, after the app has rendered `pathname`. */
export function takeOverShell(pathname: string): void {
  const shell = document.getElementById('shell') as ShellElement | null;
  const root = document.getElementById('root');
  if (!shell || !root) return;
  const samePage = shell.dataset.path === pathname;
  const active = document.activeElement && shell.contains(document.activeElement) ? document.activeElement : null;
  const caret = isField(active) ? [active.selectionStart, active.selectionEnd] : null;
  const fields = samePage
    ? [...shell.querySelectorAll<Field>('input[name], textarea[name]')].flatMap((field) => {
        const twin = twinOf(field, root);
        return isField(twin) ? [{ field, twin }] : [];
      })
    : [];
  const submitted = samePage && shell.hasAttribute('data-submitted');
  const pressed = samePage && shell.pressed ? twinOf(shell.pressed, root) : null;
  const focusTwin = samePage && active ? twinOf(active, root) : null;

  shell.remove();
  root.hidden = false;
  document.documentElement.dataset.shell = samePage ? 'taken-over' : 'dropped';

  for (const { field, twin } of fields) {
    if (field.type === 'checkbox' || field.type === 'radio') {
      const input = field as HTMLInputElement;
      if (input.checked !== (twin as HTMLInputElement).checked) twin.click();
    } else if (field.value !== twin.value) {
      typeInto(twin, field.value);
    }
  }
  focusTwin?.focus();
  // The caret after React has re-rendered the fields with the carried-over values (setting a value
  // puts the caret at its end); a submit and a press one task later, once the page's effects have
  // run too, so the form submits what was typed and a press is not undone by a layout's start-up
  // effect (the dashboard closes its menu on mount).
  requestAnimationFrame(() => {
    if (caret && isField(focusTwin) && document.activeElement === focusTwin) {
      try {
        focusTwin.setSelectionRange(caret[0], caret[1]);
      } catch {
        // e-mail inputs have no selection API
      }
    }
    if (!submitted && !pressed) return;
    setTimeout(() => {
      pressed?.click();
      if (submitted) (focusTwin?.closest('form') ?? root.querySelector('form'))?.requestSubmit();
    }, 0);
  });
}
