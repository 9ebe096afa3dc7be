import { ChevronRight, CircleCheck, CircleX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { LegalCommon, LegalList, LegalSection } from './texts/spec.ts';
import { useI18n } from '../../i18n/messages.ts';
import { cn } from '../../lib/cn.ts';
import { useSettings } from '../../lib/settings.ts';
import type { DateStamp } from './today.ts';

/**
 * The top of every legal page: icon, heading, intro and the "last updated" date from the loader, written
 * as the page's reading writes dates. Every text comes from the loader's data (`common` is the reading's
 * legalCommon), none from an import.
 */
export function StaticHero({
  icon: Icon,
  heading,
  intro,
  updated,
  common,
}: {
  icon: LucideIcon;
  heading: string;
  intro: string;
  updated: DateStamp;
  common: LegalCommon;
}) {
  const { date } = useI18n();
  const { timeZone } = useSettings();
  return (
    <header className="relative overflow-hidden rounded-2xl bg-panel px-5 py-8 ring-1 ring-white/10 sm:px-10 sm:py-12">
      <div aria-hidden className="pointer-events-none absolute -right-24 -top-24 h-64 w-64 rounded-full bg-violet-600/20 blur-3xl" />
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-violet-500/15 text-violet-300 ring-1 ring-violet-400/30">
        <Icon aria-hidden className="h-6 w-6" />
      </span>
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{heading}</h1>
      <p className="mt-3 max-w-2xl text-slate-300">{intro}</p>
      <p className="mt-5 inline-flex rounded-full bg-white/5 px-3 py-1 text-sm text-slate-300 ring-1 ring-white/10">
        {common.lastUpdated}:&nbsp;
        <time dateTime={updated.iso} className="font-semibold text-white" data-testid="last-updated">
          {date(updated.at, timeZone)}
        </time>
      </p>
    </header>
  );
}

const LIST_MARKERS: Record<LegalList['tone'], { icon: LucideIcon; className: string }> = {
  allowed: { icon: CircleCheck, className: 'text-emerald-400' },
  forbidden: { icon: CircleX, className: 'text-rose-400' },
  neutral: { icon: ChevronRight, className: 'text-violet-300' },
};

function SectionList({ list, sectionId, index }: { list: LegalList; sectionId: string; index: number }) {
  const marker = LIST_MARKERS[list.tone];
  const Marker = marker.icon;
  const headingId = `${sectionId}-list-${index}`;
  return (
    <div className="rounded-xl bg-white/[0.03] p-4 ring-1 ring-white/5">
      <h3 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-slate-200">
        {list.title}
      </h3>
      <ul aria-labelledby={headingId} className="mt-3 space-y-2">
        {list.items.map((item) => (
          <li key={item} className="flex gap-2 text-slate-300">
            <Marker aria-hidden className={cn('mt-0.5 h-5 w-5 shrink-0', marker.className)} />
            <span className="min-w-0">{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "On this page": anchors to the sections; a sticky column on wide screens. */
function Contents({ sections, label }: { sections: readonly LegalSection[]; label: string }) {
  return (
    <nav aria-label={label} className="self-start rounded-xl bg-panel/60 p-4 ring-1 ring-white/10 lg:sticky lg:top-24">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-400">{label}</p>
      <ol className="mt-3 space-y-1">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="block rounded-md px-2 py-1.5 text-sm text-slate-300 hover:bg-white/5 hover:text-white">
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The numbered sections of a legal page, with the table of contents beside them. */
export function LegalSections({ sections, common }: { sections: readonly LegalSection[]; common: LegalCommon }) {
  return (
    <div className="mt-8 grid gap-6 lg:mt-10 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
      <Contents sections={sections} label={common.onThisPage} />
      <div className="min-w-0 space-y-6">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="scroll-mt-24 rounded-2xl bg-panel p-5 ring-1 ring-white/10 sm:p-8"
          >
            <h2 id={`${section.id}-heading`} className="flex items-baseline gap-3 text-xl font-bold text-white sm:text-2xl">
              <span aria-hidden className="text-base font-semibold text-violet-300">
                {String(index + 1).padStart(2, '0')}
              </span>
              {section.title}
            </h2>
            <div className="mt-4 space-y-3 leading-relaxed text-slate-300">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            {section.lists && (
              <div className={cn('mt-5 grid gap-4', section.lists.length > 1 && 'md:grid-cols-2')}>
                {section.lists.map((list, listIndex) => (
                  <SectionList key={list.title} list={list} sectionId={section.id} index={listIndex} />
                ))}
              </div>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}

/** The page frame the static pages share. */
export function StaticMain({ children }: { children: ReactNode }) {
  return <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">{children}</main>;
}
