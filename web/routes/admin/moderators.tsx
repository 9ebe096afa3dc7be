import { ModeratorsSection } from '../../features/admin/components/ModeratorsSection.tsx';

/** /admin/dashboard/moderators. */
export default function AdminModeratorsRoute() {
  return <ModeratorsSection />;
}
