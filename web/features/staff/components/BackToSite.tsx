import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The way back to the public site under a staff login form (both logins show the same link). */
export function BackToSite({ label }: { label: string }) {
  return (
    <Link to="/" className="mx-auto mt-6 flex w-fit items-center gap-2 rounded text-sm text-slate-300 hover:text-white">
      <ArrowLeft aria-hidden className="h-4 w-4" />
      {label}
    </Link>
  );
}
