/**
 * A script's Atom feed of its loader updates (`/scripts/{id}-{slug}/feed.xml`, issue 28): a pure
 * function of the origin, the script and its versions, like the site's other feeds (static/feeds.ts).
 * No loader text: each entry says what the update changed, in the History section's sentences. In a
 * reading (`/ru/scripts/{id}-{slug}/feed.xml`), its texts are that reading's and its links go to that
 * reading's pages.
 */
import type { AnalysisChanges } from '../../../contract/analysis-diff.ts';
import type { Reading } from '../../../contract/i18n.ts';
import type { ScriptVersionSummary } from '../../../contract/versions.ts';
import { pathIn } from '../../i18n/reading.ts';
import type { Messages } from '../../i18n/catalogue.ts';
import { xmlText } from '../static/feeds.ts';
import { escapeXml } from '../static/site-files.ts';
import { changeSentencesIn } from './change-sentences.ts';
import { scriptFeedPath } from './meta.ts';

/** The feed carries this many of the latest updates. */
export const SCRIPT_FEED_SIZE = 20;

/** What the feed says of its script. */
export interface FeedScript {
  id: number;
  playsname: string;
  /** The script page's canonical path, unprefixed. */
  path: string;
  /** The feed's date when it has no version (Atom requires one). */
  updatedAt: string;
}

/** The feed's reading and that reading's texts (its own and the History section's sentences). */
export interface FeedReading {
  reading: Reading;
  m: Pick<Messages, 'scriptFeed' | 'historyTexts'>;
}

/** The language a feed declares (`xml:lang`): the prefixed readings only, so the specification's feed stays as it was. */
const FEED_LANG: Record<Reading, string | undefined> = { spec: undefined, en: 'en', ru: 'ru' };

/** An update's sentences (high first) as an HTML list, or the line saying its analysis did not change. */
function changesHtml(changes: AnalysisChanges, { m }: FeedReading): string {
  const sentences = changeSentencesIn(m.historyTexts, changes);
  if (sentences.length === 0) return `<p>${escapeXml(m.scriptFeed.noChanges)}</p>`;
  return `<ul>${sentences.map((sentence) => `<li>${escapeXml(sentence)}</li>`).join('')}</ul>`;
}

function entry(origin: string, script: FeedScript, version: ScriptVersionSummary, language: FeedReading): string {
  const anchor = `#version-${version.version}`;
  const at = (path: string) => origin + pathIn(language.reading, path);
  return (
    '  <entry>\n' +
    // By id, not slug: an entry stays the same entry when the script is renamed.
    `    <id>${xmlText(`${at(`/scripts/${script.id}`)}${anchor}`)}</id>\n` +
    `    <title>${xmlText(language.m.scriptFeed.entryTitle(version.version))}</title>\n` +
    `    <link rel="alternate" type="text/html" href="${xmlText(at(script.path) + anchor)}"/>\n` +
    `    <updated>${xmlText(version.createdAt)}</updated>\n` +
    `    <content type="html">${xmlText(changesHtml(version, language))}</content>\n` +
    '  </entry>\n'
  );
}

/** The Atom 1.0 feed of `versions` (newest first) in `language`, absolute links on `origin`, every text escaped. */
export function renderScriptFeed(origin: string, script: FeedScript, versions: readonly ScriptVersionSummary[], siteName: string, language: FeedReading): string {
  const updated = versions[0]?.createdAt ?? script.updatedAt;
  const at = (path: string) => origin + pathIn(language.reading, path);
  const lang = FEED_LANG[language.reading];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<feed xmlns="http://www.w3.org/2005/Atom"${lang ? ` xml:lang="${lang}"` : ''}>\n` +
    `  <id>${xmlText(at(`/scripts/${script.id}/feed.xml`))}</id>\n` +
    `  <title>${xmlText(language.m.scriptFeed.title(script.playsname))}</title>\n` +
    `  <updated>${xmlText(updated)}</updated>\n` +
    `  <author><name>${xmlText(siteName || new URL(origin).host)}</name></author>\n` +
    `  <link rel="self" type="application/atom+xml" href="${xmlText(at(scriptFeedPath(script.path)))}"/>\n` +
    `  <link rel="alternate" type="text/html" href="${xmlText(`${at(script.path)}#history`)}"/>\n` +
    versions.map((version) => entry(origin, script, version, language)).join('') +
    '</feed>\n'
  );
}
