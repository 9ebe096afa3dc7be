import { toast as sonner, Toaster } from 'sonner';
import { choosePlacement, type Placement } from './toast-placement.ts';

/**
 * The toasts' working part, loaded by lib/toast.tsx with the first toast: sonner, where each toast goes
 * (toast-placement.ts), and the one toast on screen.
 */
export { Toaster };
export type ToasterComponent = typeof Toaster;
type Kind = 'success' | 'error';

/** The top offset of a top toast, set per toast: below the public header, or near the edge in the panels. */
const TOP_VARIABLE = '--toast-top';

let markMounted: (() => void) | undefined;
/** sonner's Toaster only shows toasts published after it has subscribed: a toast waits for it. */
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by <LazyToaster /> once the Toaster is on the page. */
export function toasterMounted(): void {
  markMounted?.();
}

/** The toast on screen, if any. */
let current: { id: string | number; kind: Kind; message: string; placement: Placement } | undefined;

function place(placement: Placement): void {
  document.documentElement.style.setProperty(TOP_VARIABLE, `${placement.top}px`);
}

function forget(toast: { id: string | number }): void {
  if (current?.id === toast.id) current = undefined;
}

/** One toast at a time: a new one dismisses the one before. */
export async function show(kind: Kind, message: string): Promise<void> {
  await mounted;
  sonner.dismiss();
  const placement = choosePlacement(message);
  place(placement);
  const id = sonner[kind](message, { position: placement.position, onDismiss: forget, onAutoClose: forget });
  current = { id, kind, message, placement };
}

/**
 * After a navigation the toast on screen (a login's "welcome" on the panel it opens) may sit over the
 * new page's controls: it moves if another spot is free.
 */
export function reposition(): void {
  if (!current) return;
  const placement = choosePlacement(current.message);
  const moved = placement.position !== current.placement.position;
  place(placement);
  current = { ...current, placement };
  // The same id updates the toast in place; a new position takes it to that corner's list.
  if (moved) sonner[current.kind](current.message, { id: current.id, position: placement.position });
}
