import { ScriptsSection } from '../../features/staff/components/ScriptsSection.tsx';

/** /moderator/dashboard and /moderator/scripts: the moderator's own scripts. */
export default function ModeratorScriptsRoute() {
  return <ScriptsSection />;
}
