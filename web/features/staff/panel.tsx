import { createContext, type ReactNode, useContext } from 'react';
import type { Language } from '../../../contract/i18n.ts';
import type { StaffRole } from './api/auth-storage.ts';
import { languageOf, type PanelReading, usePanelReading } from './language.ts';
import { PANEL_TEXTS, panelMessages } from './panel-texts.ts';
import type { StaffTexts } from './shared-texts.ts';

export interface StaffPanel {
  role: StaffRole;
  /** 'spec' while no language is chosen: the specification's own texts. */
  reading: PanelReading;
  language: Language;
  texts: StaffTexts;
}

const PanelContext = createContext<StaffRole | null>(null);

/** Tells the shared staff components whose panel they are in: the role picks calls, token and texts. */
export function PanelProvider({ role, children }: { role: StaffRole; children: ReactNode }) {
  return <PanelContext.Provider value={role}>{children}</PanelContext.Provider>;
}

export function usePanel(): StaffPanel {
  const role = useContext(PanelContext);
  const reading = usePanelReading();
  if (!role) throw new Error('usePanel outside PanelProvider');
  return { role, reading, language: languageOf(role, reading), texts: PANEL_TEXTS[role][reading] };
}

/** The admin panel's own messages in the chosen reading (also on its login, outside the provider). */
export function useAdminMessages() {
  return panelMessages.admin[usePanelReading()];
}

/** The moderator panel's own messages in the chosen reading (also on its login, outside the provider). */
export function useModeratorMessages() {
  return panelMessages.moderator[usePanelReading()];
}

/** The texts both panels share in a language: the switch, the errors by code. */
export function useStaffMessages(role: StaffRole) {
  return panelMessages.staff[languageOf(role, usePanelReading())];
}
