import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export interface SpinnerProps {
  className?: string;
  /** Announced to screen readers (role="status"); without it the spinner is decorative. */
  label?: string;
}

/** A rotating ring for work in progress; still for visitors who prefer reduced motion. */
export function Spinner({ className, label }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden className={cn('h-4 w-4 shrink-0 motion-safe:animate-spin', className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
