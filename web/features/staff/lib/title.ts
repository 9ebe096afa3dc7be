import { useEffect } from 'react';
import { titleWithSite, useSettings } from '../../../lib/settings.ts';
import { usePanelReading } from '../language.ts';

/**
 * The document's title in the panel's chosen language (docs/decisions/0045-languages.md). A route's meta
 * writes the specification's title on the server, which cannot know a choice kept in the browser; once
 * a language is chosen, the title follows it. With no choice, the meta's title stays as it is.
 */
export function usePanelTitle(title: string): void {
  const { siteName } = useSettings();
  const reading = usePanelReading();
  useEffect(() => {
    if (reading !== 'spec') document.title = titleWithSite(title, siteName);
  }, [reading, title, siteName]);
}
