import { toast } from '../../../lib/toast.tsx';
import { isSessionError } from '../api/client.ts';
import { useSetScriptHidden } from '../api/reports.ts';
import type { ListScript } from '../api/scripts.ts';
import { usePanel } from '../panel.tsx';

/** Hide or Unhide from a scripts list: reversible, so no confirmation; a toast says what happened. */
export function useVisibilityToggle(): (script: ListScript) => void {
  const { role, texts } = usePanel();
  const mutation = useSetScriptHidden(role);
  return (script) =>
    mutation.mutate(
      { id: script.id, hidden: !script.hidden },
      {
        onSuccess: () => toast.success(script.hidden ? texts.visibility.shownToast : texts.visibility.hiddenToast),
        onError: (error) => {
          if (!isSessionError(error, role)) toast.error(texts.visibility.failed);
        },
      },
    );
}
