import { parseId } from './scripts.ts';

/**
 * What `/scripts/{param}` names: `{id}` or `{id}-{slug}` (docs/decisions/0016-script-urls-and-filters-in-the-url.md#script-urls). The id
 * follows the one id rule; the slug, when given, is whatever follows the first hyphen (the page
 * compares it with the script's own and redirects a wrong one). Undefined names no script.
 */
export function parseScriptParam(raw: string | undefined): { id: number; slug: string | undefined } | undefined {
  if (raw === undefined) return undefined;
  const hyphen = raw.indexOf('-');
  const id = parseId(hyphen === -1 ? raw : raw.slice(0, hyphen));
  if (id === undefined) return undefined;
  return { id, slug: hyphen === -1 ? undefined : raw.slice(hyphen + 1) };
}
