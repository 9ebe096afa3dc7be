import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  closeLabel: string;
  /** `wide` for a dialog that reads like a list (a script's history). */
  size?: 'normal' | 'wide';
  children: ReactNode;
}

/** An accessible modal (focus trap, Escape, labelled title) that fits a 375 px screen. */
export function Modal({ open, onOpenChange, title, description, closeLabel, size = 'normal', children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          // Escape in a control whose popup is open (the Game combobox) closes the popup, not the dialog.
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.getAttribute('aria-expanded') === 'true') event.preventDefault();
          }}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100vw-1.5rem)] ${size === 'wide' ? 'max-w-2xl' : 'max-w-lg'} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-white/10 bg-panel p-5 text-slate-100 shadow-2xl focus:outline-none`}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close aria-label={closeLabel} className="rounded-md p-1 text-slate-300 hover:bg-white/10 hover:text-white">
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="mb-4 text-sm text-slate-300">{description}</Dialog.Description> : <Dialog.Description className="sr-only">{title}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
