/**
 * The Atom feeds (/feed.xml, /games/{slug}/feed.xml) and the OpenSearch description
 * (/opensearch.xml) as pure functions of the origin and the scripts, like the sitemap's builders.
 */
import { scriptPath } from '../../../contract/slugs.ts';
import type { ScriptCard } from '../../../contract/scripts.ts';
import { clipText } from '../catalogue/seo.ts';
import { escapeXml } from './site-files.ts';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export interface AtomFeed {
  /** The feed's own path (its rel="self" link and its id). */
  path: string;
  /** The HTML page it follows (rel="alternate"). */
  pagePath: string;
  title: string;
  /** The date of a feed with no entries (Atom requires one). */
  emptyUpdated: string;
}

/** XML 1.0 forbids most control characters even escaped; stored text may hold a few (tabs and newlines are fine). */
export function xmlText(text: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the characters XML cannot carry
  return escapeXml(text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ''));
}

function entry(origin: string, script: ScriptCard): string {
  const url = origin + scriptPath(script);
  const summary = script.description.trim() ? `    <summary>${xmlText(clipText(script.description, 400))}</summary>\n` : '';
  const category = script.game ? `    <category term="${xmlText(script.game.slug)}" label="${xmlText(script.game.name)}"/>\n` : '';
  return (
    '  <entry>\n' +
    `    <id>${xmlText(url)}</id>\n` +
    `    <title>${xmlText(script.playsname)}</title>\n` +
    `    <link rel="alternate" type="text/html" href="${xmlText(url)}"/>\n` +
    `    <published>${xmlText(script.createdAt)}</published>\n` +
    `    <updated>${xmlText(script.updatedAt)}</updated>\n` +
    summary +
    category +
    '  </entry>\n'
  );
}

/** An Atom 1.0 feed of `scripts` (newest first), absolute links on `origin`, every text escaped. */
export function renderAtomFeed(origin: string, feed: AtomFeed, scripts: readonly ScriptCard[], siteName: string): string {
  const updated = scripts.reduce((latest, script) => (script.updatedAt > latest ? script.updatedAt : latest), '') || feed.emptyUpdated;
  const author = siteName || new URL(origin).host;
  return (
    XML_HEAD +
    '<feed xmlns="http://www.w3.org/2005/Atom">\n' +
    `  <id>${xmlText(origin + feed.path)}</id>\n` +
    `  <title>${xmlText(feed.title)}</title>\n` +
    `  <updated>${xmlText(updated)}</updated>\n` +
    `  <author><name>${xmlText(author)}</name></author>\n` +
    `  <link rel="self" type="application/atom+xml" href="${xmlText(origin + feed.path)}"/>\n` +
    `  <link rel="alternate" type="text/html" href="${xmlText(origin + feed.pagePath)}"/>\n` +
    scripts.map((script) => entry(origin, script)).join('') +
    '</feed>\n'
  );
}

export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';
export const OPENSEARCH_TYPE = 'application/opensearchdescription+xml; charset=utf-8';

/** OpenSearch's ShortName is at most 16 characters. */
function shortName(siteName: string): string {
  const name = siteName.trim() || 'Scripts';
  return name.length <= 16 ? name : name.slice(0, 16).trimEnd();
}

/** The OpenSearch 1.1 description: browsers offer the site's search (`/scripts?q={searchTerms}`). */
export function renderOpenSearch(origin: string, siteName: string, description: string): string {
  return (
    XML_HEAD +
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">\n' +
    `  <ShortName>${xmlText(shortName(siteName))}</ShortName>\n` +
    `  <Description>${xmlText(description)}</Description>\n` +
    '  <InputEncoding>UTF-8</InputEncoding>\n' +
    `  <Image type="image/svg+xml">${xmlText(`${origin}/favicon.svg`)}</Image>\n` +
    `  <Url type="text/html" method="get" template="${xmlText(`${origin}/scripts?q={searchTerms}`)}"/>\n` +
    `  <Url type="application/opensearchdescription+xml" rel="self" template="${xmlText(`${origin}/opensearch.xml`)}"/>\n` +
    '</OpenSearchDescription>\n'
  );
}
