const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog's focus, after the WAI-ARIA dialog pattern: focus moves into `dialog` (its first
 * control), Tab and Shift+Tab stay inside, Escape calls `onClose`, the page behind does not scroll.
 * With `closeAtQuery`, a media query matching closes it too. The returned function undoes it all and gives focus back to `returnTo` (the control that opened it).
 * Loaded when a dialog first opens, so it is no part of a page's first load.
 */
export function trapFocus(dialog: HTMLElement, onClose: () => void, returnTo: HTMLElement | null, closeAtQuery?: string): () => void {
  const focusables = () => [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => node.offsetParent !== null || node === document.activeElement);
  focusables()[0]?.focus();
  const overflow = document.body.style.overflow;
  document.body.style.overflow = 'hidden';

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const nodes = focusables();
    const first = nodes[0];
    const last = nodes.at(-1);
    if (!first || !last) return;
    const inside = dialog.contains(document.activeElement);
    if (event.shiftKey && (document.activeElement === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };
  document.addEventListener('keydown', onKeyDown);
  // A sheet only for narrow screens closes once the screen matches `closeAtQuery` (grown wide).
  const wide = closeAtQuery ? window.matchMedia(closeAtQuery) : undefined;
  const onWide = () => wide?.matches && onClose();
  wide?.addEventListener('change', onWide);
  return () => {
    document.removeEventListener('keydown', onKeyDown);
    wide?.removeEventListener('change', onWide);
    document.body.style.overflow = overflow;
    returnTo?.focus();
  };
}
