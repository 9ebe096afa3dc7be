/** The FAQ's headers' buttons, in order (not those of content inside an answer). */
const buttonsOf = (faq: Element) => [...faq.querySelectorAll<HTMLButtonElement>(':scope > * > [data-accordion-header] > button')];

/** Opens or closes one item: its button, its item's `data-state` (for styles) and its answer. */
function setOpen(button: HTMLButtonElement, open: boolean) {
  const state = open ? 'open' : 'closed';
  button.setAttribute('aria-expanded', String(open));
  button.dataset.state = state;
  const item = button.parentElement?.parentElement;
  if (item) item.dataset.state = state;
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (panel) panel.hidden = !open;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The server-rendered FAQ (ScriptFaq.tsx) as components/ui/Accordion.tsx's `single` accordion does it:
 * a button opens its answer and closes the other (and closes its own again); Up, Down, Home and End
 * move between the buttons. Listens on `root`; returns what removes the listeners.
 */
export function faqAccordion(root: HTMLElement): () => void {
  const click = (event: MouseEvent) => {
    const faq = (event.target as Element).closest('[data-faq]');
    const button = (event.target as Element).closest('button');
    if (!faq || !button || !buttonsOf(faq).includes(button as HTMLButtonElement)) return;
    const opening = button.getAttribute('aria-expanded') !== 'true';
    for (const other of buttonsOf(faq)) setOpen(other, other === button && opening);
  };
  const keydown = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    const faq = (event.target as Element).closest('[data-faq]');
    if (!move || !faq) return;
    const buttons = buttonsOf(faq);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    buttons[move(index, buttons.length)]?.focus();
  };
  root.addEventListener('click', click);
  root.addEventListener('keydown', keydown);
  return () => {
    root.removeEventListener('click', click);
    root.removeEventListener('keydown', keydown);
  };
}
