import { OverviewSection } from '../../features/admin/components/OverviewSection.tsx';

/** /admin/dashboard: the Overview, where the dashboard opens. */
export default function AdminOverviewRoute() {
  return <OverviewSection />;
}
