/**
 * The admin panel's sections, each a path under /admin/dashboard; the dashboard itself (the index)
 * is the Overview.
 */
export const ADMIN_SECTIONS = ['overview', 'scripts', 'games', 'executors', 'script-types', 'moderators', 'site-channels', 'reports', 'domains', 'log'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export const DASHBOARD_PATH = '/admin/dashboard';
export const LOGIN_PATH = '/admin';

export function sectionPath(section: AdminSection): string {
  return section === 'overview' ? DASHBOARD_PATH : `${DASHBOARD_PATH}/${section}`;
}

/** The section a dashboard path shows: its first segment after /admin/dashboard, else the Overview. */
export function sectionOf(pathname: string): AdminSection {
  const segment = pathname.slice(DASHBOARD_PATH.length).split('/').filter(Boolean)[0] ?? '';
  return (ADMIN_SECTIONS as readonly string[]).includes(segment) ? (segment as AdminSection) : 'overview';
}

/** An old `?section=` address (before sections were paths) as its path, or null. */
export function legacySectionPath(url: URL): string | null {
  const section = url.searchParams.get('section');
  return section && (ADMIN_SECTIONS as readonly string[]).includes(section) ? sectionPath(section as AdminSection) : null;
}
