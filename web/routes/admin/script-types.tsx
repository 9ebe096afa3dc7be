import { ScriptTypesSection } from '../../features/admin/components/ScriptTypesSection.tsx';

/** /admin/dashboard/script-types: the script types scripts are tagged with. */
export default function AdminScriptTypesRoute() {
  return <ScriptTypesSection />;
}
