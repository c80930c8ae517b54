import type { MouseEvent } from 'react';
import classes from './SkipLink.module.css';

/** The id of each layout's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'tresc';

/**
 * The first stop of the Tab key on every page: jumps past the header and navigation to the page's
 * content. The target receives focus itself (not only the scroll position), so the next Tab starts
 * inside the content, in every browser.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  }
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skip} data-testid="skip-link">
      Przejdź do treści
    </a>
  );
}
