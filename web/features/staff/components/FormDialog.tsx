import { type ReactNode, useState } from 'react';
import { Modal } from './Modal.tsx';

/**
 * A modal holding a form. The form lives inside the dialog's content, which unmounts on close, so
 * closing resets it; while the form is busy (`setBusy(true)`), nothing can close it.
 */
export function FormDialog({ open, onClose, title, description, closeLabel, children }: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  closeLabel: string;
  children: (setBusy: (busy: boolean) => void) => ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
      title={title}
      description={description}
      closeLabel={closeLabel}
    >
      {open ? children(setBusy) : null}
    </Modal>
  );
}
