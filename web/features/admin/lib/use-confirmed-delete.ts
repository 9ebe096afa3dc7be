import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast.tsx';
import { actionErrorText, isSessionError } from './errors.ts';

/**
 * Delete behind a confirmation, as every admin list does it: the row waiting for confirmation, the
 * banner of the last failed action, and the toasts. A session failure is left to the auth guard.
 */
export function useConfirmedDelete<Row extends { id: number }>(
  remove: UseMutationResult<unknown, Error, number>,
  texts: { deleted: string; deleteFailed: string },
) {
  const [pendingDelete, setPendingDelete] = useState<Row | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const confirmDelete = () => {
    if (!pendingDelete) return;
    remove.mutate(pendingDelete.id, {
      onSuccess: () => {
        setActionError(null);
        toast.success(texts.deleted);
      },
      onError: (error) => {
        if (isSessionError(error)) return;
        setActionError(actionErrorText(error, texts.deleteFailed));
        toast.error(texts.deleteFailed);
      },
      onSettled: () => setPendingDelete(null),
    });
  };

  return { pendingDelete, setPendingDelete, actionError, setActionError, confirmDelete };
}
