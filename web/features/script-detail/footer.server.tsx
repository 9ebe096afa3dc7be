import { renderToStaticMarkup } from 'react-dom/server';
import type { PublicSettings } from '../../../contract/index.ts';
import type { ScriptCard } from '../../../contract/scripts.ts';
import { ScriptFacts } from './ScriptFacts.tsx';
import { ScriptFaq } from './ScriptFaq.tsx';

/**
 * The page's foot, the script's facts and the FAQ, as HTML built by the script page's loader: the page
 * shows it as it is (ScriptFooter), so its rendering, icons and texts stay out of the page's first
 * JavaScript, as compatibility.server.tsx does. React escapes every text.
 */
export function footerHtml(script: ScriptCard, settings: PublicSettings): string {
  return renderToStaticMarkup(
    <>
      <ScriptFacts script={script} settings={settings} />
      <ScriptFaq />
    </>,
  );
}
