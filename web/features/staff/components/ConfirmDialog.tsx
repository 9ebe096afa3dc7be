import { Button } from '../../../components/ui/Button.tsx';
import { usePanel } from '../panel.tsx';
import { Modal } from './Modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, e.g. the product's "Вы уверены, что хотите удалить этот скрипт?" (docs/product.md#validation). */
  question: string;
  /** A line under the question: what else the action does. */
  detail?: string;
  confirmLabel: string;
  /** `primary` for an action that takes nothing away (a restore keeps every version). */
  tone?: 'danger' | 'primary';
  cancelLabel: string;
  closeLabel: string;
  busy?: boolean;
  onConfirm: () => void;
}

/** A confirmation step before a destructive or weighty action (an in-page dialog rather than window.confirm). */
export function ConfirmDialog({ open, onOpenChange, question, detail, confirmLabel, tone = 'danger', cancelLabel, closeLabel, busy, onConfirm }: ConfirmDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={question} description={detail} closeLabel={closeLabel}>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm} loading={busy} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

/** The confirmation before a delete, wired to useConfirmedDelete. */
export function DeleteDialog({ question, detail, remove }: { question: string; detail?: string; remove: { pending: unknown; busy: boolean; setPending: (row: null) => void; confirm: () => void } }) {
  const { texts } = usePanel();
  return (
    <ConfirmDialog
      open={remove.pending !== null}
      onOpenChange={(open) => {
        if (!open && !remove.busy) remove.setPending(null);
      }}
      question={question}
      detail={detail}
      confirmLabel={texts.common.delete}
      cancelLabel={texts.common.cancel}
      closeLabel={texts.common.close}
      busy={remove.busy}
      onConfirm={remove.confirm}
    />
  );
}
