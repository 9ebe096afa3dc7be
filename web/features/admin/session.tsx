import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import type { ApiError } from '../staff/api/client.ts';
import { isSessionError } from './lib/errors.ts';

const TokenContext = createContext<string | null>(null);

/** The admin's token, for the panel's calls; only inside AdminSessionProvider. */
export function useAdminToken(): string {
  const token = useContext(TokenContext);
  if (token === null) throw new Error('useAdminToken outside AdminSessionProvider');
  return token;
}

/**
 * Holds the admin token for the panel and ends the session when any query or mutation answers 401
 * (or 403: a token that is not an admin's): `onExpired` clears it and returns to the login page.
 */
export function AdminSessionProvider({ token, onExpired, children }: { token: string; onExpired: (error: ApiError) => void; children: ReactNode }) {
  const client = useQueryClient();
  const expired = useRef(onExpired);
  useEffect(() => {
    expired.current = onExpired;
  });
  useEffect(() => {
    let done = false;
    const check = (error: unknown) => {
      if (done || !isSessionError(error)) return;
      done = true;
      expired.current(error);
    };
    const queries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const mutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [client]);
  return <TokenContext.Provider value={token}>{children}</TokenContext.Provider>;
}
