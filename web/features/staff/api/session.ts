import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { StaffRole } from './auth-storage.ts';
import { isSessionError } from './client.ts';

/**
 * Calls `onEnd` once when any of the panel's queries or mutations answers that the session is over
 * (isSessionError): the token was revoked, expired, or its account removed.
 */
export function useSessionEnd(role: StaffRole, onEnd: () => void) {
  const client = useQueryClient();
  const callback = useRef(onEnd);
  useEffect(() => {
    callback.current = onEnd;
  });
  useEffect(() => {
    let ended = false;
    const check = (error: unknown) => {
      if (ended || !isSessionError(error, role)) return;
      ended = true;
      callback.current();
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client, role]);
}
