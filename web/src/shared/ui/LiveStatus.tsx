import { useState } from 'react';
import { VisuallyHidden } from '@mantine/core';

/**
 * A message for screen readers when an item of a live list changes status while the page is open
 * (an order turning „opłacone” after the bank transfer is booked, an item handed out). The list as
 * first loaded is not announced, only later changes; items that appear or disappear are not either.
 * Kept as state of its own (the previous list is compared during render, React's pattern for state
 * derived from changing props), so the message stays until the next change.
 */
export function useStatusAnnouncement<T>(
  items: readonly T[] | undefined,
  keyOf: (item: T) => string,
  statusOf: (item: T) => string,
  describe: (changed: T[]) => string,
): string {
  const [previous, setPrevious] = useState(items);
  const [message, setMessage] = useState('');
  if (items !== previous) {
    setPrevious(items);
    if (previous && items) {
      const before = new Map(previous.map((item) => [keyOf(item), statusOf(item)]));
      const changed = items.filter((item) => {
        const was = before.get(keyOf(item));
        return was !== undefined && was !== statusOf(item);
      });
      if (changed.length > 0) setMessage(describe(changed));
    }
  }
  return message;
}

/**
 * The polite live region that reads out `message`. It is on the page from the first render, empty:
 * screen readers announce changes inside a live region they already know, not a region that
 * arrives together with its text.
 */
export function LiveStatus({ message }: { message: string }) {
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="live-status">
      {message}
    </VisuallyHidden>
  );
}
