import { Spinner } from '../../../components/ui/Spinner.tsx';

/** What a panel route shows before the browser has read the stored token. */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center text-violet-300">
      <Spinner label={label} className="h-8 w-8" />
    </main>
  );
}
