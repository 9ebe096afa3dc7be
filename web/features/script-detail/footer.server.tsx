import { renderToStaticMarkup } from 'react-dom/server';
import type { Reading } from '../../../contract/i18n.ts';
import type { PublicSettings } from '../../../contract/index.ts';
import type { ScriptCard } from '../../../contract/scripts.ts';
import type { Messages } from '../../i18n/catalogue.ts';
import { ScriptFacts } from './ScriptFacts.tsx';
import { ScriptFaq } from './ScriptFaq.tsx';

/**
 * The page's foot, the script's facts and the FAQ, as HTML built by the script page's loader: the page
 * shows it as it is (ScriptFooter), so its rendering, icons and texts stay out of the page's first
 * JavaScript, as compatibility.server.tsx does. React escapes every text. In `reading`, with that
 * reading's messages `m`.
 */
export function footerHtml(script: ScriptCard, settings: PublicSettings, reading: Reading, m: Pick<Messages, 'detail' | 'footerTexts'>): string {
  return renderToStaticMarkup(
    <>
      <ScriptFacts script={script} settings={settings} reading={reading} texts={m.footerTexts} created={m.detail.created} />
      <ScriptFaq texts={m.footerTexts} />
    </>,
  );
}
