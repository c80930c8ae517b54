import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useRouteMeta, type TransitionName } from '../routing/meta';
import classes from './PageTransition.module.css';

/**
 * Animates each new page in, as chosen by the route's `transition` metadata. The outer frame clips
 * sideways while the page enters: a page sliding in from the right would otherwise stick out past the
 * window for those frames and make the whole document scroll sideways.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname, key } = useLocation();
  const routeTransition = useRouteMeta()?.transition ?? 'fade';
  // The page of the page load (the history entry react-router calls 'default') appears at once:
  // nothing was on screen before it, and an entrance from transparent only delays its first paint.
  const transition = key === 'default' ? 'none' : routeTransition;
  return (
    <EnteringPage key={pathname} transition={transition}>
      {children}
    </EnteringPage>
  );
}

/**
 * One page's frame, keyed by its path: its entrance is chosen when the page mounts and kept, so a
 * change of the address's query on the same page (the admin page's tabs) does not play it again.
 */
function EnteringPage({ transition, children }: { transition: TransitionName; children: ReactNode }) {
  const [entrance] = useState(transition);
  return (
    <div className={classes[`${entrance}Frame`]}>
      <div className={classes[entrance]} data-transition={entrance}>
        {children}
      </div>
    </div>
  );
}
