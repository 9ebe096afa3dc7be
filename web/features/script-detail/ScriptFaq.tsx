import { ChevronDown } from 'lucide-react';
import { Accordion, AccordionItem, AccordionPanel, AccordionTrigger } from '../../components/ui/Accordion.tsx';
import { detail } from '../../messages/detail.ts';

const t = detail;

/** The three-question FAQ (docs/product.md#script-detail-page). */
export function ScriptFaq() {
  return (
    <section aria-labelledby="faq-heading" className="mt-12">
      <h2 id="faq-heading" className="text-xl font-bold text-white">
        {t.faqHeading}
      </h2>
      <Accordion type="single" className="mt-4 divide-y divide-white/10 overflow-hidden rounded-xl bg-panel ring-1 ring-white/10">
        {t.faq.map((item, index) => (
          <AccordionItem key={item.question} value={`faq-${index}`}>
            <AccordionTrigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-100 transition-colors hover:bg-white/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-violet-300">
                  {item.question}
                  <ChevronDown aria-hidden className="h-5 w-5 shrink-0 text-slate-400 transition-transform duration-200 group-data-[state=open]:rotate-180" />
            </AccordionTrigger>
            <AccordionPanel className="px-5 pb-5 text-sm leading-relaxed text-slate-300">
              {item.answer.map((paragraph) => (
                <p key={paragraph} className="mt-2 first:mt-0">
                  {paragraph}
                </p>
              ))}
            </AccordionPanel>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
