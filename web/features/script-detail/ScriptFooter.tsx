import { useEffect, useRef } from 'react';
import { faqAccordion } from './faq-accordion.ts';

/**
 * The script's facts and the FAQ: the server's HTML (footer.server.tsx) as it is, its FAQ opened and
 * closed by one listener, since its buttons are the server's HTML, not React's.
 */
export function ScriptFooter({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => (ref.current ? faqAccordion(ref.current) : undefined), [html]);
  return <div ref={ref} dangerouslySetInnerHTML={{ __html: html }} />;
}
