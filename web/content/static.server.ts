import type { Reading } from '../../contract/i18n.ts';
import { type CookiesPage, cookies } from './cookies.ts';
import { cookies as enCookies } from './en/cookies.ts';
import { legalCommon as enLegalCommon } from './en/legal.ts';
import { privacy as enPrivacy } from './en/privacy.ts';
import { seo as enSeo } from './en/seo.ts';
import { terms as enTerms } from './en/terms.ts';
import { type LegalCommon, type LegalPage, legalCommon } from './legal.ts';
import { privacy } from './privacy.ts';
import { cookies as ruCookies } from './ru/cookies.ts';
import { legalCommon as ruLegalCommon } from './ru/legal.ts';
import { privacy as ruPrivacy } from './ru/privacy.ts';
import { seo as ruSeo } from './ru/seo.ts';
import { terms as ruTerms } from './ru/terms.ts';
import { type SeoPage, seo } from './seo.ts';
import { terms } from './terms.ts';

/** Every static page's copy in one reading. */
export interface StaticTexts {
  legal: LegalCommon;
  privacy: LegalPage;
  terms: LegalPage;
  cookies: CookiesPage;
  seo: SeoPage;
}

/**
 * The static pages' copy of each reading (docs/decisions/0045-languages.md), on the server only (the `.server`
 * name keeps it out of the browser's build): a route's loader picks its reading's page and hands it to
 * the components as loader data, so no page ships its copy, let alone another reading's, as JavaScript.
 * Each translation `satisfies` its specification's shape; the types here hold the kinds' and lists' ids.
 */
const TEXTS: Record<Reading, StaticTexts> = {
  spec: { legal: legalCommon, privacy, terms, cookies, seo },
  en: { legal: enLegalCommon, privacy: enPrivacy, terms: enTerms, cookies: enCookies, seo: enSeo },
  ru: { legal: ruLegalCommon, privacy: ruPrivacy, terms: ruTerms, cookies: ruCookies, seo: ruSeo },
};

export function staticTextsFor(reading: Reading): StaticTexts {
  return TEXTS[reading];
}
