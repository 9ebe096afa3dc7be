/**
 * /sitemap.xml and /robots.txt, as pure functions of the public origin and the catalogue, so the
 * resource routes stay thin and the rules are testable on their own.
 */

/** The sitemap protocol's limit of URLs per file; beyond it /sitemap.xml becomes a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

/** Public pages every sitemap lists, before the scripts. */
export const PUBLIC_PATHS = ['/', '/info', '/scripts', '/privacy', '/terms', '/cookies', '/seo'] as const;

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

/** The public pages, then every script page with its last change. */
export function sitemapUrls(scripts: readonly { id: number; updatedAt: string }[]): SitemapUrl[] {
  return [
    ...PUBLIC_PATHS.map((path) => ({ path })),
    ...scripts.map((script) => ({ path: `/scripts/${script.id}`, lastmod: w3cDatetime(script.updatedAt) })),
  ];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(origin: string, urls: readonly SitemapUrl[]): string {
  const body = urls
    .map((url) => {
      const lastmod = url.lastmod ? `<lastmod>${escapeXml(url.lastmod)}</lastmod>` : '';
      return `  <url><loc>${escapeXml(origin + url.path)}</loc>${lastmod}</url>\n`;
    })
    .join('');
  return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${body}</urlset>\n`;
}

function sitemapIndex(origin: string, pages: number): string {
  let body = '';
  for (let page = 1; page <= pages; page += 1) {
    body += `  <sitemap><loc>${escapeXml(`${origin}/sitemap.xml?page=${page}`)}</loc></sitemap>\n`;
  }
  return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${body}</sitemapindex>\n`;
}

/**
 * The document for /sitemap.xml, or for /sitemap.xml?page=N once the URLs exceed one file.
 * Answers undefined for a page that does not exist (the route turns that into a 404).
 */
export function renderSitemap(
  origin: string,
  urls: readonly SitemapUrl[],
  page: string | null,
  maxUrls: number = SITEMAP_MAX_URLS,
): string | undefined {
  const pages = Math.max(1, Math.ceil(urls.length / maxUrls));
  if (page === null) return pages === 1 ? urlset(origin, urls) : sitemapIndex(origin, pages);
  if (pages === 1 || !/^[1-9]\d{0,5}$/.test(page)) return undefined;
  const number = Number(page);
  if (number > pages) return undefined;
  return urlset(origin, urls.slice((number - 1) * maxUrls, number * maxUrls));
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
