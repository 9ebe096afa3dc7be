import { type ComponentType, useCallback, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { useI18n } from '../../i18n/messages.ts';
import type { ReportDialogProps } from './ReportDialog.tsx';

/** The dialog, its texts and its request load when the pointer or focus first reaches Report. */
const loadDialog = () => import('./ReportDialog.tsx');

/** Report, opening the report dialog (docs/product.md#reports). */
export function ReportButton({ scriptId }: { scriptId: number }) {
  const { m } = useI18n();
  const [Dialog, setDialog] = useState<ComponentType<ReportDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  const show = async () => {
    const { ReportDialog } = await loadDialog();
    setDialog(() => ReportDialog);
    setOpen(true);
  };

  return (
    <>
      <Button
        ref={button}
        size="sm"
        variant="ghost"
        aria-haspopup="dialog"
        onClick={() => void show()}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className="text-slate-400"
      >
        {m.detail.report}
      </Button>
      {Dialog && open ? <Dialog scriptId={scriptId} returnTo={button.current} onClose={close} /> : null}
    </>
  );
}
