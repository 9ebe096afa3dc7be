import { ReportsSection } from '../../features/staff/components/ReportsSection.tsx';

/** /admin/dashboard/reports: every visitor's report, open first (docs/product.md#reports). */
export default function AdminReportsRoute() {
  return <ReportsSection />;
}
