import { ImageOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { useI18n } from '../../i18n/messages.ts';

export interface ScriptImageProps {
  src: string | null;
  alt: string;
  width: number;
  height: number;
  /** Above-the-fold images load at once; the rest wait until they near the viewport. */
  priority?: 'high' | 'eager' | 'lazy';
  /** A smaller rendition, offered with `sizes` so narrow screens do not fetch the big one. */
  smallSrc?: string | null;
  sizes?: string;
  className?: string;
}

/**
 * A script's picture in a fixed 16:9 box (no layout shift), or the No Image placeholder when there is
 * none or it fails to load. A load that failed before hydration (so before onError was attached) is
 * caught on mount from the element's state.
 */
export function ScriptImage({ src, alt, width, height, priority = 'lazy', className, smallSrc, sizes }: ScriptImageProps) {
  const { m } = useI18n();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const image = ref.current;
    if (image && src && image.complete && image.naturalWidth === 0 && image.currentSrc !== '') setFailedSrc(src);
  }, [src]);

  const box = cn('relative aspect-video w-full overflow-hidden bg-slate-800', className);
  if (!src || failedSrc === src) {
    return (
      <div className={cn(box, 'flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-slate-800 to-indigo-950 text-slate-300')} data-testid="image-placeholder">
        <ImageOff aria-hidden className="h-8 w-8 text-slate-400" />
        <span className="text-sm font-medium">{m.common.script.noImage}</span>
      </div>
    );
  }
  return (
    <div className={box}>
      <img
        ref={ref}
        src={src}
        srcSet={smallSrc ? `${smallSrc} 480w, ${src} ${width}w` : undefined}
        sizes={smallSrc ? sizes : undefined}
        alt={alt}
        width={width}
        height={height}
        loading={priority === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={priority === 'high' ? 'high' : undefined}
        decoding="async"
        onError={() => setFailedSrc(src)}
        className="h-full w-full object-cover"
      />
    </div>
  );
}
