import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { TOAST_DURATION_MS } from '../../contract/constants.ts';
import type { ToasterComponent } from './toast-runtime.ts';

/**
 * Toasts through sonner, loaded on the first toast rather than with every page: most visits never
 * show one. Only this facade and <LazyToaster /> ship with a page; sonner, the choice of where a toast
 * goes (toast-placement.ts) and the showing itself (toast-runtime.ts) load with the first toast, which
 * then waits until <LazyToaster /> has mounted sonner's Toaster.
 *
 * One toast at a time: a new one dismisses the one before, so the latest outcome is the only one on
 * screen (no "saved" left beside a later "failed", no stale error beside the retry's success).
 */
type Runtime = typeof import('./toast-runtime.ts');

let runtime: Promise<Runtime> | undefined;
let loaded: Runtime | undefined;
/** <LazyToaster />'s way to render the Toaster, while it is mounted. */
let renderToaster: ((toaster: ToasterComponent) => void) | undefined;

function load(): Promise<Runtime> {
  runtime ??= import('./toast-runtime.ts').then((module) => {
    loaded = module;
    renderToaster?.(module.Toaster);
    return module;
  });
  return runtime;
}

export const toast = {
  success(message: string): void {
    void load().then((module) => module.show('success', message));
  },
  error(message: string): void {
    void load().then((module) => module.show('error', message));
  },
};

/** Below the header, as the toast's placement sets it (toast-runtime.ts's --toast-top). */
const offset = { top: 'var(--toast-top, 24px)' };

/** Renders sonner's Toaster once the first toast has loaded it; nothing before. */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ToasterComponent | null>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    renderToaster = (component) => setToaster(() => component);
    // A toast fired before this mounted has loaded it already.
    if (loaded) renderToaster(loaded.Toaster);
    return () => {
      renderToaster = undefined;
    };
  }, []);
  // Children's effects run first, so by now the Toaster has subscribed to sonner's store.
  useEffect(() => {
    if (Toaster) loaded?.toasterMounted();
  }, [Toaster]);
  // A frame later: the staff pages render their content once mounted.
  useEffect(() => {
    const frame = requestAnimationFrame(() => loaded?.reposition());
    return () => cancelAnimationFrame(frame);
  }, [pathname, search]);
  if (!Toaster) return null;
  return <Toaster theme="dark" position="top-center" offset={offset} mobileOffset={offset} duration={TOAST_DURATION_MS} closeButton richColors />;
}
