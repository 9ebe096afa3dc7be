import { tokens } from '../staff/api/auth-storage.ts';

/** Where a moderator lands after logging in when no (valid) originating location came along. */
export const PANEL_PATH = '/moderator/scripts';
export const LOGIN_PATH = '/moderator/login';

/** The login page's `reason` flag after the status check answered 401 (docs/product.md#moderator-session). */
export const DEACTIVATED_REASON = 'deactivated';

export function moderatorToken(): string | null {
  return tokens.get('moderator');
}

/** The login page's address, carrying where the visitor was going and, optionally, why they are here. */
export function loginPath(from?: string, reason?: typeof DEACTIVATED_REASON): string {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (reason) params.set('reason', reason);
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}

/**
 * The `from` location made safe to navigate to: a path inside the moderator panel of this origin.
 * Anything else (another origin, `//host`, the login page itself, garbage) falls back to the panel.
 */
export function safeFrom(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return PANEL_PATH;
  let url: URL;
  try {
    url = new URL(value, 'http://panel.invalid');
  } catch {
    return PANEL_PATH;
  }
  if (url.origin !== 'http://panel.invalid') return PANEL_PATH;
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.startsWith('/moderator/') || path === LOGIN_PATH) return PANEL_PATH;
  return `${path}${url.search}${url.hash}`;
}

/** A location as the `from` parameter: path, query and fragment. */
export function locationString(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
