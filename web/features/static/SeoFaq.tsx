import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { SeoQuestion } from '../../content/seo.ts';

/** The SEO page's FAQ: a Radix Accordion, one answer open at a time. */
export function SeoFaq({ items }: { items: readonly SeoQuestion[] }) {
  return (
    <Accordion.Root type="single" collapsible className="mt-6 divide-y divide-white/10 rounded-2xl bg-panel ring-1 ring-white/10">
      {items.map((item, index) => (
        <Accordion.Item key={item.question} value={`faq-${index}`}>
          <Accordion.Header className="text-base font-semibold sm:text-lg">
            <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-white hover:bg-white/[0.03] focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-violet-300 sm:px-6">
              <span className="min-w-0">{item.question}</span>
              <ChevronDown aria-hidden className="h-5 w-5 shrink-0 text-violet-300 transition-transform group-data-[state=open]:rotate-180" />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 leading-relaxed text-slate-300 sm:px-6">{item.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}

/**
 * schema.org FAQPage data, so the answers are in the server HTML for search engines even while the
 * accordion is closed. `<` is escaped so the text can never close the script element.
 */
export function FaqStructuredData({ items }: { items: readonly SeoQuestion[] }) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
