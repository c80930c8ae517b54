import { useMatches } from 'react-router-dom';

export type LayoutName = 'default' | 'dashboard';
export type TransitionName = 'fade' | 'slide' | 'none';

export interface Crumb {
  title: string;
  path: string;
}

/** Route metadata, kept in each route's `handle` (see app/router/routeTable.ts). */
export interface RouteMeta {
  id: string;
  title: string;
  layout: LayoutName;
  transition: TransitionName;
  guards: readonly string[];
  /** Parent routes first, this route last. */
  crumbs: readonly Crumb[];
}

export function isRouteMeta(value: unknown): value is RouteMeta {
  return typeof value === 'object' && value !== null && 'title' in value && 'crumbs' in value;
}

/** Metadata of the deepest matched route that has any. */
export function useRouteMeta(): RouteMeta | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (isRouteMeta(handle)) return handle;
  }
  return null;
}
