import { Cherry, Code2, Crown, Dog, Headphones, House, type LucideIcon, PawPrint, RefreshCw, ShieldCheck, Zap } from 'lucide-react';
import type { LandingIcon } from './texts/spec.ts';

/** The Lucide icon of each icon name the marketing copy uses (web/features/landing/texts/). */
export const landingIcons: Record<LandingIcon, LucideIcon> = {
  code: Code2,
  refresh: RefreshCw,
  shield: ShieldCheck,
  zap: Zap,
  headphones: Headphones,
  crown: Crown,
  paw: PawPrint,
  house: House,
  cherry: Cherry,
  dog: Dog,
};
