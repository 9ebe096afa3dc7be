import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast.tsx';
import { COPY_CONFIRMATION_MS } from '../../../contract/constants.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import { useI18n } from '../../i18n/messages.ts';

/** The copying code (its legacy fallback included) is fetched when the pointer or focus reaches the button. */
const loadClipboard = () => import('./clipboard.ts');

/** Copy, reading Copied for COPY_CONFIRMATION_MS after a successful copy (docs/product.md#script-detail-page, docs/product.md#limits). */
export function CopyButton({ text, className, label, announcement }: { text: string; className?: string; label?: string; announcement?: string }) {
  const t = useI18n().m.detail;
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const { copyText } = await loadClipboard();
    const ok = await copyText(text);
    if (!ok) {
      toast.error(t.copyFailed);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <>
      <Button
        size="sm"
        variant={copied ? 'secondary' : 'primary'}
        onClick={copy}
        onPointerEnter={() => void loadClipboard()}
        onFocus={() => void loadClipboard()}
        aria-label={label}
        className={cn('min-w-24', className)}
      >
        {copied ? <Check aria-hidden className="h-4 w-4 text-emerald-400" /> : <Copy aria-hidden className="h-4 w-4" />}
        {copied ? t.copied : t.copy}
      </Button>
      <span aria-live="polite" className="sr-only">
        {copied ? (announcement ?? t.copiedAnnouncement) : ''}
      </span>
    </>
  );
}
