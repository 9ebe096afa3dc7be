import { ScriptsSection } from '../../features/staff/components/ScriptsSection.tsx';

/** /admin/dashboard/scripts: every script of the catalogue. */
export default function AdminScriptsRoute() {
  return <ScriptsSection />;
}
