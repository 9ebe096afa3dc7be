import type { ReactNode } from 'react';
import type { PublicScript } from '../../../contract/scripts.ts';
import { cn } from '../../lib/cn.ts';

export interface BadgeTexts {
  label: string;
  keySystem: string;
  universal: string;
  verified: string;
  patched: string;
  /** The loader analysis found something of high severity (docs/decisions/0018-loader-analysis.md#stored-loader-analysis). */
  loaderWarning: string;
  /** Visitors' recent "doesn't work" votes (docs/product.md#votes). */
  mayBePatched?: string;
}

type Flags = Pick<PublicScript, 'keySystem' | 'keyLink' | 'universal' | 'verified' | 'patched'> & { loaderWarning?: boolean | undefined; mayBePatched?: boolean };

export const hasBadges = (script: Flags) => script.keySystem || script.universal || script.verified || script.patched || script.loaderWarning || Boolean(script.mayBePatched);

// Text and a coloured dot (app.css `.badge`), no icons: every icon is bytes on the catalogue's first load.
function Badge({ tone, children }: { tone: 'key' | 'universal' | 'verified' | 'patched' | 'warning'; children: ReactNode }) {
  return <li className={`badge badge-${tone}`}>{children}</li>;
}

/**
 * A script's facts as badges (docs/product.md#script-badges), the one rendering of them on cards, the
 * script page and both panels' lists: Risky loader, Key system, Universal, Verified, Patched; nothing when none
 * applies; May be patched when visitors' votes say so. `linkKey` makes Key system a link to the key page (where the badge is not inside a link).
 */
export function ScriptBadges({ script, texts, linkKey = false, className }: { script: Flags; texts: BadgeTexts; linkKey?: boolean; className?: string }) {
  if (!hasBadges(script)) return null;
  return (
    <ul aria-label={texts.label} className={cn('flex flex-wrap gap-1.5', className)}>
      {script.loaderWarning ? <Badge tone="warning">{texts.loaderWarning}</Badge> : null}
      {script.keySystem ? (
        <Badge tone="key">
          {linkKey && script.keyLink ? (
            <a href={script.keyLink} target="_blank" rel="nofollow noopener" className="underline underline-offset-2">
              {texts.keySystem}
            </a>
          ) : (
            texts.keySystem
          )}
        </Badge>
      ) : null}
      {script.universal ? <Badge tone="universal">{texts.universal}</Badge> : null}
      {script.verified ? <Badge tone="verified">{texts.verified}</Badge> : null}
      {script.patched ? <Badge tone="patched">{texts.patched}</Badge> : null}
      {script.mayBePatched ? <Badge tone="patched">{texts.mayBePatched}</Badge> : null}
    </ul>
  );
}
