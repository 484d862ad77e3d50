import { useMatches } from 'react-router';
import type { RouteMeta } from './gates';

/** The title in the route meta of the screen being shown. */
export function useRouteTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]?.handle as RouteMeta | undefined)?.title;
    if (title) return title;
  }
  return '';
}
