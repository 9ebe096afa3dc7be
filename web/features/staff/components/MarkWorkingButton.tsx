import { CircleCheck } from 'lucide-react';
import { Button } from '../../../components/ui/Button.tsx';
import { toast } from '../../../lib/toast.tsx';
import { isSessionError } from '../api/client.ts';
import { type ListScript, useMarkWorking } from '../api/scripts.ts';
import { usePanel } from '../panel.tsx';

/** A script visitors say may be patched: staff mark it working, and earlier "doesn't work" votes stop counting (docs/product.md#votes). */
export function MarkWorkingButton({ script, withText = false }: { script: ListScript; withText?: boolean }) {
  const { role, texts } = usePanel();
  const t = texts.scripts;
  const mark = useMarkWorking(role);
  if (!script.mayBePatched) return null;
  const onError = (error: unknown) => {
    if (!isSessionError(error, role)) toast.error(t.markWorkingFailed);
  };
  return (
    <Button
      variant="ghost"
      size={withText ? 'md' : 'icon'}
      aria-label={t.markWorkingLabel(script.playsname)}
      title={t.markWorking}
      disabled={mark.isPending}
      onClick={() => mark.mutate(script.id, { onError })}
      className="text-emerald-300 hover:text-emerald-200"
    >
      <CircleCheck aria-hidden className="h-4 w-4" />
      {withText ? <span aria-hidden>{t.markWorking}</span> : null}
    </Button>
  );
}
