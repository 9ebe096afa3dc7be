import type { Shape } from '../i18n/shape.ts';

/**
 * The legal pages' shapes and shared strings; each page's copy is a file of its own (privacy.ts,
 * terms.ts, cookies.ts) in the specification's reading, with the wholly English and wholly Russian
 * readings under en/ and ru/ (docs/decisions.md#languages). No component imports the copy: each
 * route's loader picks its reading's (static.server.ts) and the components render it from loader
 * data, so a page ships no text as JavaScript and its HTML carries only its own reading's.
 */

/** A titled list inside a section, e.g. the terms' "may" and "may not" lists. */
export interface LegalList {
  title: string;
  /** Drives the list's marker: a check for what is allowed, a cross for what is not. */
  tone: 'neutral' | 'allowed' | 'forbidden';
  items: readonly string[];
}

export interface LegalSection {
  /** The section's anchor on the page (`#id`), also used by the table of contents. */
  id: string;
  title: string;
  paragraphs: readonly string[];
  lists?: readonly LegalList[];
}

/** What every static page carries for its head: title, meta description and its path. */
export interface PageHead {
  path: string;
  title: string;
  description: string;
}

export interface LegalPage extends PageHead {
  heading: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** Strings shared by the legal pages. */
export const legalCommon = {
  lastUpdated: 'Last updated',
  onThisPage: 'On this page',
  backToTop: 'Back to top',
} as const;

/** legalCommon's shape, which every reading's has. */
export type LegalCommon = Shape<typeof legalCommon>;
