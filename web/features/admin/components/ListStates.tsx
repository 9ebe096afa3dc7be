import { Inbox } from 'lucide-react';
import { Spinner } from '../../../components/ui/Spinner.tsx';

/** The spinner while a list loads for the first time. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-violet-300">
      <Spinner label={label} className="h-8 w-8" />
    </div>
  );
}

/** No rows: "No … found" while searching, "No … available" otherwise. */
export function ListEmpty({ text, hint }: { text: string; hint?: string }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-white/15 px-6 py-12 text-center">
      <Inbox aria-hidden className="h-8 w-8 text-slate-400" />
      <p className="mt-3 font-semibold text-white">{text}</p>
      {hint ? <p className="mt-1 text-sm text-slate-300">{hint}</p> : null}
    </div>
  );
}
