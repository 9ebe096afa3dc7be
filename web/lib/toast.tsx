import { useEffect, useState } from 'react';
import { TOAST_DURATION_MS } from '../../contract/constants.ts';

/**
 * Toasts through sonner, loaded on the first toast rather than with every page: most visits never
 * show one, and sonner is about a twentieth of the public pages' first-load JavaScript.
 *
 * sonner's Toaster only shows toasts published after it has subscribed, so a toast waits until the
 * module is loaded and <LazyToaster /> has mounted the Toaster.
 */
type Sonner = typeof import('sonner');
type ToasterComponent = Sonner['Toaster'];

let sonner: Promise<Sonner> | undefined;
let markMounted: (() => void) | undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const listeners = new Set<(toaster: ToasterComponent) => void>();

function load(): Promise<Sonner> {
  sonner ??= import('sonner').then((module) => {
    for (const listener of listeners) listener(module.Toaster);
    return module;
  });
  return sonner;
}

async function show(kind: 'success' | 'error', message: string): Promise<void> {
  const module = await load();
  await mounted;
  module.toast[kind](message);
}

export const toast = {
  success(message: string): void {
    void show('success', message);
  },
  error(message: string): void {
    void show('error', message);
  },
};

/** Renders sonner's Toaster once the first toast has loaded it; nothing before. */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ToasterComponent | null>(null);
  useEffect(() => {
    const listener = (component: ToasterComponent) => setToaster(() => component);
    listeners.add(listener);
    // A toast fired before this mounted has started the load already.
    if (sonner) void sonner.then((module) => listener(module.Toaster));
    return () => {
      listeners.delete(listener);
    };
  }, []);
  // Children's effects run first, so by now the Toaster has subscribed to sonner's store.
  useEffect(() => {
    if (Toaster) markMounted?.();
  }, [Toaster]);
  if (!Toaster) return null;
  return <Toaster theme="dark" position="top-right" duration={TOAST_DURATION_MS} closeButton richColors />;
}
