import { ChevronDown } from 'lucide-react';
import { Accordion, AccordionItem, AccordionPanel, AccordionTrigger } from '../../components/ui/Accordion.tsx';
import type { SeoQuestion } from './texts/spec.ts';

/** The SEO page's FAQ: an accordion, one answer open at a time. */
export function SeoFaq({ items }: { items: readonly SeoQuestion[] }) {
  return (
    <Accordion type="single" className="mt-6 divide-y divide-white/10 rounded-2xl bg-panel ring-1 ring-white/10">
      {items.map((item, index) => (
        <AccordionItem key={item.question} value={`faq-${index}`}>
          <AccordionTrigger headingClassName="text-base font-semibold sm:text-lg" className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-white hover:bg-white/[0.03] focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-violet-300 sm:px-6">
              <span className="min-w-0">{item.question}</span>
              <ChevronDown aria-hidden className="h-5 w-5 shrink-0 text-violet-300 transition-transform group-data-[state=open]:rotate-180" />
          </AccordionTrigger>
          <AccordionPanel className="px-5 pb-5 leading-relaxed text-slate-300 sm:px-6">{item.answer}</AccordionPanel>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

/**
 * schema.org FAQPage data, so the answers are in the server HTML for search engines even while the
 * accordion is closed. `<` is escaped so the text can never close the script element. `inLanguage`
 * names the language of the `/en/…` and `/ru/…` readings; the specification's reading has none, as before.
 */
export function FaqStructuredData({ items, inLanguage }: { items: readonly SeoQuestion[]; inLanguage?: string }) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    ...(inLanguage ? { inLanguage } : {}),
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
