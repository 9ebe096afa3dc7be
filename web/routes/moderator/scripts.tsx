import { ReportsSection } from '../../features/staff/components/ReportsSection.tsx';
import { ScriptsSection } from '../../features/staff/components/ScriptsSection.tsx';
import { ViewsCard } from '../../features/staff/components/ViewsCard.tsx';

/** /moderator/dashboard and /moderator/scripts: the views of the moderator's own scripts, the scripts, then the reports on them. */
export default function ModeratorScriptsRoute() {
  return (
    <>
      <ScriptsSection lead={<ViewsCard />} />
      <ReportsSection embedded />
    </>
  );
}
