import { type RefObject, useEffect } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog's focus, after the WAI-ARIA dialog pattern: while `open`, focus moves into `dialog`
 * (its first control), Tab and Shift+Tab stay inside, Escape closes, the page behind does not scroll,
 * and on closing focus returns to `returnTo` (the control that opened it).
 */
export function useModalFocus(dialog: RefObject<HTMLElement | null>, open: boolean, onClose: () => void, returnTo: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    const focusables = () => [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => node.offsetParent !== null || node === document.activeElement);
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
      const inside = element.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      returnTo.current?.focus();
    };
  }, [dialog, open, onClose, returnTo]);
}
