import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/** A grey placeholder block standing in for content that is on its way; hidden from assistive tech. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden {...props} className={cn('rounded-md bg-white/10 motion-safe:animate-pulse', className)} />;
}
