import { ChevronDown } from 'lucide-react';
import type { Messages } from '../../i18n/catalogue.ts';

/**
 * The three-question FAQ (docs/product.md#script-detail-page), rendered on the server only
 * (footer.server.tsx): the markup of components/ui/Accordion.tsx with every answer in it, hidden
 * until its question opens it (faq-accordion.ts), so neither the texts nor the accordion ship with the page.
 */
export function ScriptFaq({ texts: t }: { texts: Messages['footerTexts'] }) {
  return (
    <section aria-labelledby="faq-heading" className="mt-12">
      <h2 id="faq-heading" className="text-xl font-bold text-white">
        {t.faqHeading}
      </h2>
      <div data-faq="" className="mt-4 divide-y divide-white/10 overflow-hidden rounded-xl bg-panel ring-1 ring-white/10">
        {t.faq.map((item, index) => (
          <div key={item.question} data-state="closed">
            <h3 data-accordion-header="">
              <button
                type="button"
                id={`faq-${index}-button`}
                aria-expanded={false}
                aria-controls={`faq-${index}-panel`}
                data-state="closed"
                className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-100 transition-colors hover:bg-white/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-violet-300"
              >
                {item.question}
                <ChevronDown aria-hidden className="h-5 w-5 shrink-0 text-slate-400 transition-transform duration-200 group-data-[state=open]:rotate-180" />
              </button>
            </h3>
            <div role="region" id={`faq-${index}-panel`} aria-labelledby={`faq-${index}-button`} hidden className="px-5 pb-5 text-sm leading-relaxed text-slate-300">
              {item.answer.map((paragraph) => (
                <p key={paragraph} className="mt-2 first:mt-0">
                  {paragraph}
                </p>
              ))}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
