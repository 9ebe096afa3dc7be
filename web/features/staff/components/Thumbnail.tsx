import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';

/** A script's image in a table: a placeholder when it is missing or fails to load (docs/product.md#staff-panels). */
export function Thumbnail({ src, className }: { src: string | null; className?: string }) {
  // Remembers which src failed, so a new image (after an edit) gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src !== null && failedSrc === src;
  const box = cn('aspect-video shrink-0 overflow-hidden rounded-md bg-slate-800', className);
  if (!src || failed) {
    return (
      <div className={cn(box, 'flex items-center justify-center text-slate-400')} data-testid="image-placeholder">
        <ImageOff aria-hidden className="h-4 w-4" />
      </div>
    );
  }
  return (
    <div className={box}>
      <img src={src} alt="" loading="lazy" width={96} height={54} className="h-full w-full object-cover" onError={() => setFailedSrc(src)} />
    </div>
  );
}
