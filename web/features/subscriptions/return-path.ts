import { SUBSCRIBE_PATH } from './site-subscription.ts';

// /subscribe's own rule, in a module apart from the gates' rules (site-subscription.ts), which the script page loads.

/** Where /subscribe's Continue goes when `from` is missing or unsafe. */
export const DEFAULT_RETURN_PATH = '/scripts';

/**
 * `from` is honoured only as a same-site path: one leading "/" (not "//", not "/\", which browsers
 * read as another host), no scheme, no control characters, and not /subscribe itself (a loop).
 * Everything else gives /scripts.
 */
export function safeReturnPath(from: string | null | undefined): string {
  if (typeof from !== 'string' || from.length === 0 || from.length > 2_000) return DEFAULT_RETURN_PATH;
  if (!from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return DEFAULT_RETURN_PATH;
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(from)) return DEFAULT_RETURN_PATH;
  const base = 'https://same-site.invalid';
  let url: URL;
  try {
    url = new URL(from, base);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  if (url.origin !== base) return DEFAULT_RETURN_PATH;
  if (url.pathname === SUBSCRIBE_PATH || url.pathname.startsWith(`${SUBSCRIBE_PATH}/`)) return DEFAULT_RETURN_PATH;
  return from;
}
