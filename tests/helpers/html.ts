// Reading server-rendered pages in tests: text as a reader sees it, head tags, JSON-LD, cards.

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/**
 * Rendered text as a reader sees it: scripts' contents (the loader data, which carries the page's whole
 * catalogue of messages, and JSON-LD) and React's `<!-- -->` separators dropped, entities decoded.
 */
export function visibleText(html: string): string {
  return html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/g, '$1</script>').replaceAll('<!-- -->', '').replace(/&(?:quot|#x27|#39|lt|gt|amp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The words of some HTML as a reader sees them: scripts' contents and every tag dropped, entities decoded. */
export function wordsOf(html: string): string {
  return visibleText(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<[^>]*>/g, ''));
}

/** The `content` of `<meta {attribute}="{key}" content="...">`, decoded; undefined when absent. */
export function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const tag = [...html.matchAll(/<meta [^>]*>/g)].map((match) => match[0]).find((candidate) => candidate.includes(`${attribute}="${key}"`));
  const content = tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
  return content === undefined ? undefined : visibleText(content);
}

export function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

/** Every `<link ...>` tag's attributes whose rel is `rel`. */
export function linkTags(html: string, rel: string): Record<string, string>[] {
  return [...html.matchAll(/<link [^>]*>/g)]
    .map((match) => Object.fromEntries([...match[0].matchAll(/([\w:-]+)="([^"]*)"/g)].map((attr) => [attr[1] as string, visibleText(attr[2] as string)])))
    .filter((attrs) => attrs.rel === rel);
}

export function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] as string) as Record<string, unknown>);
}

/** The catalogue cards' HTML, in page order. */
export function cardsOf(html: string): string[] {
  return [...html.matchAll(/<article[\s\S]*?<\/article>/g)].map((match) => match[0]);
}

/** The script page each card links to (its Get Script link), in page order. */
export function cardLinks(html: string): string[] {
  return cardsOf(html).map((card) => /href="(\/scripts\/[^"]+)"/.exec(card)?.[1] ?? '');
}
