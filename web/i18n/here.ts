import { useLocation, useMatches } from 'react-router';
import { specPath } from './reading.ts';

/**
 * The current page's unprefixed path and query, for links to it in another reading (the switch, the
 * offer). On the not-found page it is `/`: an unknown path is no page to keep, and a request's own path
 * (`//evil.example/x`) is never written back into a link.
 */
export function useHere(): string {
  const location = useLocation();
  const matches = useMatches();
  if (matches.at(-1)?.id.endsWith('routes/not-found')) return '/';
  return specPath(location.pathname) + location.search;
}
