import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** True while a client-side navigation to `pathname` is loading its data (for pending indicators). */
export function usePendingPath(pathname: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'loading' && navigation.location.pathname === pathname;
}

/**
 * `active`, but only once it has stayed true for `delayMs`: a skeleton that would flash for a fast
 * (cached) answer never shows, a slow one shows after a moment. False again at once when `active` ends.
 */
export function useDelayedFlag(active: boolean, delayMs = 150): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
