import { Anchor, type AnchorProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

/** A link to another site: opens in a new tab that gets no handle on this page (no opener, no referrer). */
export function ExternalLink(
  props: AnchorProps & Omit<ComponentPropsWithoutRef<'a'>, 'target' | 'rel' | keyof AnchorProps>,
) {
  return <Anchor {...props} target="_blank" rel="noopener noreferrer" />;
}
