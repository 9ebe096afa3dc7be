import { ReportsSection } from '../../features/staff/components/ReportsSection.tsx';

/** /moderator/reports: the open reports on the moderator's own scripts (docs/product.md#reports). */
export default function ModeratorReportsRoute() {
  return <ReportsSection />;
}
