import { useRouteLoaderData } from 'react-router';
import type { PublicSettings } from '../../contract/index.ts';

/** The public settings the root loader hands to every page (site name, links, time zone). */
export function useSettings(): PublicSettings {
  const data = useRouteLoaderData('root') as { settings: PublicSettings } | undefined;
  if (!data) throw new Error('root loader data missing');
  return data.settings;
}
