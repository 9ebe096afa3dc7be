import { AuditLogSection } from '../../features/admin/components/AuditLogSection.tsx';

/** /admin/dashboard/log: the moderation log. */
export default function AdminLogRoute() {
  return <AuditLogSection />;
}
