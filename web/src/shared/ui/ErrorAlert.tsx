import { useId, type ReactNode } from 'react';
import classes from './ErrorAlert.module.css';

/**
 * A failure's message where it happened, read out at once (role="alert"); nothing when there is none.
 * It looks like Mantine's light red Alert but is the app's own markup: the dashboard's error states
 * use it, and Mantine's Alert (with the close button it imports) would add 2 KB to its first load.
 */
export function ErrorAlert({ children, testId, title }: { children: ReactNode; testId?: string; title?: string }) {
  const id = useId();
  if (children === null || children === undefined || children === false || children === '') return null;
  // Named by its title and described by its message, as Mantine's Alert is.
  return (
    <div
      role="alert"
      className={classes.root}
      data-testid={testId}
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-describedby={`${id}-message`}
    >
      {title && (
        <div id={`${id}-title`} className={classes.title}>
          {title}
        </div>
      )}
      <div id={`${id}-message`} className={classes.message}>
        {children}
      </div>
    </div>
  );
}
