import { useState, type ReactNode } from 'react';
import { Anchor, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import type { LegalDocumentKind } from '@domain/schemas';
import { useGetLegalDocumentQuery } from '../api/legal';
import { ExternalLink } from './ExternalLink';

const TITLES: Record<LegalDocumentKind, string> = { terms: 'Regulamin', privacy: 'Polityka prywatności' };

/**
 * The words of a consent that name a document („regulamin”, „polityka prywatności”) as a link to
 * it, as the organiser set it in the event settings: a page of theirs (opens in a new tab) or the
 * text itself (opens in a window over the form). Plain words while the event has none.
 */
export function LegalDocumentLink({ kind, children }: { kind: LegalDocumentKind; children: ReactNode }) {
  const { data } = useGetLegalDocumentQuery(kind);
  const [open, setOpen] = useState(false);
  if (!data) return <>{children}</>;
  if ('url' in data)
    return (
      <ExternalLink href={data.url} fz="inherit" lh="inherit" data-testid={`legal-link-${kind}`}>
        {children}
      </ExternalLink>
    );
  return (
    <>
      {/* A link rather than a <button>: it wraps with the sentence it sits in (a button breaks the
          line as one box). It opens the text in a window, hence the button role. */}
      <Anchor
        href={`#${kind}`}
        role="button"
        fz="inherit"
        lh="inherit"
        onClick={(event) => {
          // Inside a checkbox's label: opening the text must neither tick the box nor change the address.
          event.preventDefault();
          setOpen(true);
        }}
        data-testid={`legal-link-${kind}`}
      >
        {children}
      </Anchor>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={<Text fw={700}>{TITLES[kind]}</Text>}
        size="lg"
        scrollAreaComponent={ScrollArea.Autosize}
        data-testid={`legal-text-${kind}`}
      >
        <Stack gap="sm">
          {data.text.split(/\n\s*\n/).map((paragraph, i) => (
            <Text key={i} size="sm" style={{ whiteSpace: 'pre-line' }}>
              {paragraph}
            </Text>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
