/**
 * /sitemap.xml and /robots.txt, as pure functions of the public origin and the catalogue, so the
 * resource routes stay thin and the rules are testable on their own.
 */

import { READINGS } from '../../../contract/i18n.ts';
import { scriptPath } from '../../../contract/slugs.ts';
import { HREFLANG, pathIn } from '../../i18n/reading.ts';

/** The sitemap protocol's limit of URLs per file; beyond it /sitemap.xml becomes a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

/** Public pages every sitemap lists, before the scripts. */
export const PUBLIC_PATHS = ['/', '/info', '/scripts', '/games', '/privacy', '/terms', '/cookies', '/seo'] as const;

/** Paths crawlers are asked to stay out of: the staff panels and the REST API. */
export const DISALLOWED_PATHS = ['/admin', '/moderator', '/api/'] as const;

export interface SitemapUrl {
  path: string;
  /** W3C datetime of the page's last change, when known. */
  lastmod?: string;
}

/** Absolute URLs start from SITE_URL when it is set, else from the origin the request came to. */
export function siteOrigin(siteUrl: string, requestUrl: string): string {
  return siteUrl ? siteUrl.replace(/\/+$/, '') : new URL(requestUrl).origin;
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

/** ISO 8601 without milliseconds: 2026-03-05T12:00:00Z. */
function w3cDatetime(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export type SitemapScript = { id: number; playsname: string; updatedAt: string };

/** Script pages, at their canonical (slug) URLs, with their last change. */
export function scriptUrls(scripts: readonly SitemapScript[]): SitemapUrl[] {
  return scripts.map((script) => ({ path: scriptPath(script), lastmod: w3cDatetime(script.updatedAt) }));
}

/**
 * The pages every sitemap lists before the scripts: the public pages, then each game's page, then
 * /executors and each executor's page when there are executors (an empty list is not worth a visit).
 */
export function fixedPaths(gameSlugs: readonly string[], executorSlugs: readonly string[] = []): string[] {
  const executors = executorSlugs.length > 0 ? ['/executors', ...executorSlugs.map((slug) => `/executors/${slug}`)] : [];
  return [...PUBLIC_PATHS, ...gameSlugs.map((slug) => `/games/${slug}`), ...executors];
}

/**
 * One document of /sitemap.xml: the index of its files, or the URLs from `first` to `last` (not
 * included) of the whole list, which is the fixed pages (public pages, game and executor pages), then every
 * script in id order.
 */
export type SitemapPart = { kind: 'index'; pages: number } | { kind: 'urls'; first: number; last: number };

/**
 * Which document /sitemap.xml (`page` null) or /sitemap.xml?page=N is for a catalogue of
 * `scriptCount` scripts; undefined for a page that does not exist (the route answers 404).
 */
export function sitemapPart(
  scriptCount: number,
  page: string | null,
  maxUrls: number = SITEMAP_MAX_URLS,
  fixedCount: number = PUBLIC_PATHS.length,
): SitemapPart | undefined {
  const total = fixedCount + scriptCount;
  const pages = Math.max(1, Math.ceil(total / maxUrls));
  if (page === null) return pages === 1 ? { kind: 'urls', first: 0, last: total } : { kind: 'index', pages };
  if (pages === 1 || !/^[1-9]\d{0,5}$/.test(page)) return undefined;
  const number = Number(page);
  if (number > pages) return undefined;
  return { kind: 'urls', first: (number - 1) * maxUrls, last: Math.min(total, number * maxUrls) };
}

/** The scripts a part of the sitemap lists, as an offset and a limit in id order. */
export function scriptWindow(part: { first: number; last: number }, fixedCount: number = PUBLIC_PATHS.length): { offset: number; limit: number } {
  const offset = Math.max(0, part.first - fixedCount);
  return { offset, limit: Math.max(0, part.last - fixedCount - offset) };
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML = 'http://www.w3.org/1999/xhtml';

/**
 * A page's three readings as the sitemap's `xhtml:link` alternates (docs/decisions/0045-languages.md): the
 * entry is the specification's URL, and the English and Russian ones are found through these and the
 * pages' own `hreflang` links, so a million scripts stay 20 files and not 60.
 */
function alternates(origin: string, path: string): string {
  return READINGS.map((reading) => `<xhtml:link rel="alternate" hreflang="${HREFLANG[reading]}" href="${escapeXml(origin + pathIn(reading, path))}"/>`).join('');
}

function urlset(origin: string, urls: readonly SitemapUrl[]): string {
  const body = urls
    .map((url) => {
      const lastmod = url.lastmod ? `<lastmod>${escapeXml(url.lastmod)}</lastmod>` : '';
      return `  <url><loc>${escapeXml(origin + url.path)}</loc>${lastmod}${alternates(origin, url.path)}</url>\n`;
    })
    .join('');
  return `${XML_HEAD}<urlset xmlns="${NAMESPACE}" xmlns:xhtml="${XHTML}">\n${body}</urlset>\n`;
}

function sitemapIndex(origin: string, pages: number): string {
  let body = '';
  for (let page = 1; page <= pages; page += 1) {
    body += `  <sitemap><loc>${escapeXml(`${origin}/sitemap.xml?page=${page}`)}</loc></sitemap>\n`;
  }
  return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${body}</sitemapindex>\n`;
}

/** The XML of one part; `scripts` are the ones its window names (scriptWindow), `fixed` the pages before them. */
export function renderSitemap(origin: string, part: SitemapPart, scripts: readonly SitemapScript[], fixed: readonly string[] = PUBLIC_PATHS): string {
  if (part.kind === 'index') return sitemapIndex(origin, part.pages);
  const publicUrls = fixed.slice(part.first, part.last).map((path) => ({ path }));
  return urlset(origin, [...publicUrls, ...scriptUrls(scripts)]);
}

export function renderRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
