import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { TOAST_DURATION_MS } from '../../contract/constants.ts';
import type { Placement } from './toast-placement.ts';

/**
 * Toasts through sonner, loaded on the first toast rather than with every page: most visits never
 * show one, and sonner is about a twentieth of the public pages' first-load JavaScript. The choice of
 * where a toast goes (toast-placement.ts) loads with it.
 *
 * sonner's Toaster only shows toasts published after it has subscribed, so a toast waits until the
 * module is loaded and <LazyToaster /> has mounted the Toaster.
 *
 * One toast at a time: a new one dismisses the one before, so the latest outcome is the only one on
 * screen (no "saved" left beside a later "failed", no stale error beside the retry's success).
 */
type Sonner = typeof import('sonner');
type ToasterComponent = Sonner['Toaster'];
type Kind = 'success' | 'error';
interface Modules {
  sonner: Sonner;
  choosePlacement: (message: string) => Placement;
}

/** The top offset of a top toast, set per toast: below the public header, or near the edge in the panels. */
const TOP_VARIABLE = '--toast-top';

let modules: Promise<Modules> | undefined;
let loaded: Modules | undefined;
let markMounted: (() => void) | undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const listeners = new Set<(toaster: ToasterComponent) => void>();
/** The toast on screen, if any. */
let current: { id: string | number; kind: Kind; message: string; placement: Placement } | undefined;

function load(): Promise<Modules> {
  modules ??= Promise.all([import('sonner'), import('./toast-placement.ts')]).then(([sonner, placement]) => {
    loaded = { sonner, choosePlacement: placement.choosePlacement };
    for (const listener of listeners) listener(sonner.Toaster);
    return loaded;
  });
  return modules;
}

function place(placement: Placement): void {
  document.documentElement.style.setProperty(TOP_VARIABLE, `${placement.top}px`);
}

function forget(toast: { id: string | number }): void {
  if (current?.id === toast.id) current = undefined;
}

async function show(kind: Kind, message: string): Promise<void> {
  const { sonner, choosePlacement } = await load();
  await mounted;
  sonner.toast.dismiss();
  const placement = choosePlacement(message);
  place(placement);
  const id = sonner.toast[kind](message, { position: placement.position, onDismiss: forget, onAutoClose: forget });
  current = { id, kind, message, placement };
}

/**
 * After a navigation the toast on screen (a login's "welcome" on the panel it opens) may sit over the
 * new page's controls: it moves if another spot is free.
 */
function reposition(): void {
  if (!current || !loaded) return;
  const placement = loaded.choosePlacement(current.message);
  const moved = placement.position !== current.placement.position;
  place(placement);
  current = { ...current, placement };
  // The same id updates the toast in place; a new position takes it to that corner's list.
  if (moved) loaded.sonner.toast[current.kind](current.message, { id: current.id, position: placement.position });
}

export const toast = {
  success(message: string): void {
    void show('success', message);
  },
  error(message: string): void {
    void show('error', message);
  },
};

const offset = { top: `var(${TOP_VARIABLE}, 24px)` };

/** Renders sonner's Toaster once the first toast has loaded it; nothing before. */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ToasterComponent | null>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    const listener = (component: ToasterComponent) => setToaster(() => component);
    listeners.add(listener);
    // A toast fired before this mounted has started the load already.
    if (modules) void modules.then((loadedModules) => listener(loadedModules.sonner.Toaster));
    return () => {
      listeners.delete(listener);
    };
  }, []);
  // Children's effects run first, so by now the Toaster has subscribed to sonner's store.
  useEffect(() => {
    if (Toaster) markMounted?.();
  }, [Toaster]);
  // A frame later: the staff pages render their content once mounted.
  useEffect(() => {
    const frame = requestAnimationFrame(reposition);
    return () => cancelAnimationFrame(frame);
  }, [pathname, search]);
  if (!Toaster) return null;
  return <Toaster theme="dark" position="top-center" offset={offset} mobileOffset={offset} duration={TOAST_DURATION_MS} closeButton richColors />;
}
