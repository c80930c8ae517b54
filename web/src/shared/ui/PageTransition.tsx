import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useRouteMeta } from '../routing/meta';
import classes from './PageTransition.module.css';

/**
 * Animates each new page in, as chosen by the route's `transition` metadata. The outer frame clips
 * sideways while the page enters: a page sliding in from the right would otherwise stick out past the
 * window for those frames and make the whole document scroll sideways.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const transition = useRouteMeta()?.transition ?? 'fade';
  return (
    <div key={pathname} className={classes[`${transition}Frame`]}>
      <div className={classes[transition]} data-transition={transition}>
        {children}
      </div>
    </div>
  );
}
