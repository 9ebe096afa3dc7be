import { ScriptsSection } from '../../features/staff/components/ScriptsSection.tsx';
import { ViewsCard } from '../../features/staff/components/ViewsCard.tsx';

/** /moderator/dashboard and /moderator/scripts: the views of the moderator's own scripts, then the scripts. */
export default function ModeratorScriptsRoute() {
  return <ScriptsSection lead={<ViewsCard />} />;
}
