import { DomainsSection } from '../../features/admin/components/DomainsSection.tsx';

/** /admin/dashboard/domains: the blocked and trusted domains of loaders. */
export default function AdminDomainsRoute() {
  return <DomainsSection />;
}
