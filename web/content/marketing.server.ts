import type { Reading } from '../../contract/i18n.ts';
import * as en from './en/marketing.ts';
import type { HomeContent, InfoContent } from './marketing.ts';
import * as spec from './marketing.ts';
import * as ru from './ru/marketing.ts';

/** Both landing pages' copy in one reading. */
export interface Marketing {
  home: HomeContent;
  info: InfoContent;
}

const MARKETING: Record<Reading, Marketing> = {
  spec: { home: spec.home, info: spec.info },
  en: { home: en.home, info: en.info },
  ru: { home: ru.home, info: ru.info },
};

/**
 * The landing pages' copy in `reading`, for their loaders (docs/decisions/0045-languages.md). Server only (the
 * `.server` name keeps every reading's copy out of the browser's build): a page receives its own
 * reading's copy as loader data.
 */
export function marketingFor(reading: Reading): Marketing {
  return MARKETING[reading];
}
