import { createContext, type KeyboardEvent, type ReactNode, useContext, useId, useState } from 'react';

/**
 * An accordion after the WAI-ARIA accordion pattern: each header is a heading holding a button with
 * `aria-expanded` and `aria-controls`; the open panel is a region named by its button; Up, Down, Home
 * and End move between the headers' buttons. `single` keeps at most one item open (closing it again is
 * allowed), `multiple` any number. Written here rather than taken from Radix because public pages carry
 * a first-load JavaScript budget and Radix Accordion with its collection and presence helpers costs
 * about 5 KB gzip of it. Items and buttons carry `data-state="open|closed"` for styles.
 */
interface AccordionState {
  isOpen: (value: string) => boolean;
  toggle: (value: string) => void;
}

const AccordionContext = createContext<AccordionState | null>(null);
const ItemContext = createContext<{ value: string; buttonId: string; panelId: string } | null>(null);

function useAccordionItem() {
  const accordion = useContext(AccordionContext);
  const item = useContext(ItemContext);
  if (!accordion || !item) throw new Error('Accordion parts must be inside <AccordionItem>');
  return { ...item, open: accordion.isOpen(item.value), toggle: () => accordion.toggle(item.value) };
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function Accordion({ type, className, children }: { type: 'single' | 'multiple'; className?: string; children: ReactNode }) {
  const [open, setOpen] = useState<readonly string[]>([]);
  const state: AccordionState = {
    isOpen: (value) => open.includes(value),
    toggle: (value) =>
      setOpen((current) => {
        if (current.includes(value)) return current.filter((item) => item !== value);
        return type === 'single' ? [value] : [...current, value];
      }),
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    // Only this accordion's own buttons, not those of content inside a panel.
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(':scope > * > [data-accordion-header] > button')];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    buttons[move(index, buttons.length)]?.focus();
  };
  return (
    <AccordionContext.Provider value={state}>
      <div onKeyDown={onKeyDown} className={className}>
        {children}
      </div>
    </AccordionContext.Provider>
  );
}

export function AccordionItem({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const baseId = useId();
  const accordion = useContext(AccordionContext);
  return (
    <ItemContext.Provider value={{ value, buttonId: `${baseId}-button`, panelId: `${baseId}-panel` }}>
      <div data-state={accordion?.isOpen(value) ? 'open' : 'closed'} className={className}>
        {children}
      </div>
    </ItemContext.Provider>
  );
}

/** The item's heading (h3 unless told) and its toggle button; the button gets `group` for its icons. */
export function AccordionTrigger({ level = 3, headingClassName, className, children }: { level?: 2 | 3 | 4; headingClassName?: string; className?: string; children: ReactNode }) {
  const item = useAccordionItem();
  const Heading = `h${level}` as const;
  return (
    <Heading data-accordion-header="" className={headingClassName}>
      <button
        type="button"
        id={item.buttonId}
        aria-expanded={item.open}
        aria-controls={item.panelId}
        data-state={item.open ? 'open' : 'closed'}
        onClick={item.toggle}
        className={className}
      >
        {children}
      </button>
    </Heading>
  );
}

/** The item's panel; rendered only while open. */
export function AccordionPanel({ className, children }: { className?: string; children: ReactNode }) {
  const item = useAccordionItem();
  if (!item.open) return null;
  return (
    <div role="region" id={item.panelId} aria-labelledby={item.buttonId} className={className}>
      {children}
    </div>
  );
}
