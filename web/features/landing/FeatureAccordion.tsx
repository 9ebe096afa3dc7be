import { Check, ChevronDown } from 'lucide-react';
import { Accordion, AccordionItem, AccordionPanel, AccordionTrigger } from '../../components/ui/Accordion.tsx';
import type { ExpandableFeatureCard } from './texts/spec.ts';
import { cn } from '../../lib/cn.ts';
import { focusRing, IconTile } from './ui.tsx';

/**
 * Variant B's expandable feature cards: an accordion (several may be open at once). Each title is
 * an h3 holding the toggle button (aria-expanded, aria-controls; Enter/Space toggle, arrows move between
 * cards); the description always shows, the details when the card is open.
 */
export function FeatureAccordion({ cards }: { cards: readonly ExpandableFeatureCard[] }) {
  return (
    <Accordion type="multiple" className="mt-10 grid items-start gap-5 md:grid-cols-2">
      {cards.map((card) => (
        <AccordionItem key={card.id} value={card.id} className="rounded-2xl bg-panel ring-1 ring-white/10 data-[state=open]:ring-violet-400/40">
          <AccordionTrigger
              headingClassName="m-0"
              className={cn(
                'group flex w-full items-center gap-4 rounded-t-2xl p-5 text-left hover:bg-white/5',
                focusRing,
              )}
            >
              <IconTile icon={card.icon} color={card.color} />
              <span className="flex-1 text-lg font-bold text-white">{card.title}</span>
              <ChevronDown
                aria-hidden
                className="h-5 w-5 shrink-0 text-slate-300 transition-transform group-data-[state=open]:rotate-180"
              />
          </AccordionTrigger>
          <p className="px-5 pb-5 text-sm leading-relaxed text-slate-300">{card.description}</p>
          <AccordionPanel className="px-5 pb-5">
            <ul className="space-y-2 border-t border-white/10 pt-4">
              {card.details.map((detail) => (
                <li key={detail} className="flex gap-2 text-sm text-slate-200">
                  <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-400" />
                  {detail}
                </li>
              ))}
            </ul>
          </AccordionPanel>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
