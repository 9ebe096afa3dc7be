import { createContext, type ReactNode, useContext } from 'react';
import type { StaffRole } from './api/auth-storage.ts';
import type { StaffTexts } from './staff-texts.ts';
import { STAFF_TEXTS } from './texts.ts';

export interface StaffPanel {
  role: StaffRole;
  texts: StaffTexts;
}

const PanelContext = createContext<StaffRole | null>(null);

/** Tells the shared staff components whose panel they are in: the role picks calls, token and texts. */
export function PanelProvider({ role, children }: { role: StaffRole; children: ReactNode }) {
  return <PanelContext.Provider value={role}>{children}</PanelContext.Provider>;
}

export function usePanel(): StaffPanel {
  const role = useContext(PanelContext);
  if (!role) throw new Error('usePanel outside PanelProvider');
  return { role, texts: STAFF_TEXTS[role] };
}
