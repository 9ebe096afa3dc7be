/**
 * A script's Atom feed of its loader updates (`/scripts/{id}-{slug}/feed.xml`, issue 28): a pure
 * function of the origin, the script and its versions, like the site's other feeds (static/feeds.ts).
 * No loader text: each entry says what the update changed, in the History section's sentences.
 */
import { changeSentences, type AnalysisChanges } from '../../../contract/analysis-diff.ts';
import type { ScriptVersionSummary } from '../../../contract/versions.ts';
import { xmlText } from '../static/feeds.ts';
import { escapeXml } from '../static/site-files.ts';
import { scriptFeedPath } from './meta.ts';
import { scriptFeed as t } from '../../messages/updates.ts';

/** The feed carries this many of the latest updates. */
export const SCRIPT_FEED_SIZE = 20;

/** What the feed says of its script. */
export interface FeedScript {
  id: number;
  playsname: string;
  /** The script page's canonical path. */
  path: string;
  /** The feed's date when it has no version (Atom requires one). */
  updatedAt: string;
}

/** An update's sentences (high first) as an HTML list, or the line saying its analysis did not change. */
function changesHtml(changes: AnalysisChanges): string {
  const sentences = changeSentences(changes);
  if (sentences.length === 0) return `<p>${escapeXml(t.noChanges)}</p>`;
  return `<ul>${sentences.map((sentence) => `<li>${escapeXml(sentence)}</li>`).join('')}</ul>`;
}

function entry(origin: string, script: FeedScript, version: ScriptVersionSummary): string {
  const anchor = `#version-${version.version}`;
  return (
    '  <entry>\n' +
    // By id, not slug: an entry stays the same entry when the script is renamed.
    `    <id>${xmlText(`${origin}/scripts/${script.id}${anchor}`)}</id>\n` +
    `    <title>${xmlText(t.entryTitle(version.version))}</title>\n` +
    `    <link rel="alternate" type="text/html" href="${xmlText(origin + script.path + anchor)}"/>\n` +
    `    <updated>${xmlText(version.createdAt)}</updated>\n` +
    `    <content type="html">${xmlText(changesHtml(version))}</content>\n` +
    '  </entry>\n'
  );
}

/** The Atom 1.0 feed of `versions` (newest first), absolute links on `origin`, every text escaped. */
export function renderScriptFeed(origin: string, script: FeedScript, versions: readonly ScriptVersionSummary[], siteName: string): string {
  const updated = versions[0]?.createdAt ?? script.updatedAt;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<feed xmlns="http://www.w3.org/2005/Atom">\n' +
    `  <id>${xmlText(`${origin}/scripts/${script.id}/feed.xml`)}</id>\n` +
    `  <title>${xmlText(t.title(script.playsname))}</title>\n` +
    `  <updated>${xmlText(updated)}</updated>\n` +
    `  <author><name>${xmlText(siteName || new URL(origin).host)}</name></author>\n` +
    `  <link rel="self" type="application/atom+xml" href="${xmlText(origin + scriptFeedPath(script.path))}"/>\n` +
    `  <link rel="alternate" type="text/html" href="${xmlText(`${origin + script.path}#history`)}"/>\n` +
    versions.map((version) => entry(origin, script, version)).join('') +
    '</feed>\n'
  );
}
