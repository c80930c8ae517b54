import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useRouteMeta } from '../routing/meta';
import { Hint } from './Hint';

interface PageFrameProps {
  /** Overrides the route's title (e.g. an invoice number once known). */
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** Title and breadcrumbs of the current route around the page's content. */
export function PageFrame({ title, actions, children }: PageFrameProps) {
  const meta = useRouteMeta();
  const crumbs = meta?.crumbs ?? [];
  const heading = title ?? meta?.title ?? '';
  return (
    <Stack gap="lg" component="article">
      <Stack gap={6}>
        {crumbs.length > 1 && (
          <nav aria-label="Ścieżka nawigacji">
            <Breadcrumbs separator="›" fz="sm" style={{ flexWrap: 'wrap', rowGap: 4 }}>
              {crumbs.map((crumb, i) =>
                i === crumbs.length - 1 ? (
                  <Hint key={crumb.path} aria-current="page">
                    {title ?? crumb.title}
                  </Hint>
                ) : (
                  <Anchor key={crumb.path} component={Link} to={crumb.path} size="sm">
                    {crumb.title}
                  </Anchor>
                ),
              )}
            </Breadcrumbs>
          </nav>
        )}
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {heading}
          </Title>
          {actions}
        </Group>
      </Stack>
      {children}
    </Stack>
  );
}
