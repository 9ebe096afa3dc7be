import { ExecutorsSection } from '../../features/admin/components/ExecutorsSection.tsx';

/** /admin/dashboard/executors: the executors scripts run on. */
export default function AdminExecutorsRoute() {
  return <ExecutorsSection />;
}
