import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AccentColor, CtaLink, LandingIcon, SectionIntro, StatCard } from './texts/spec.ts';
import { useI18n } from '../../i18n/messages.ts';
import { cn } from '../../lib/cn.ts';
import { accentClasses } from './colors.ts';
import { landingIcons } from './icons.ts';

/** Shared focus ring of the landing pages' interactive elements (visible on the dark background). */
export const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 focus-visible:ring-offset-2 focus-visible:ring-offset-ink';

const buttonBase = cn(
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-6 py-3 text-base font-semibold transition-colors',
  focusRing,
);

const buttonVariants = {
  primary:
    'bg-linear-to-r from-violet-600 to-indigo-600 text-white shadow-lg shadow-violet-950/50 hover:from-violet-700 hover:to-indigo-700',
  secondary: 'border border-white/15 bg-white/5 text-white hover:border-white/30 hover:bg-white/10',
} as const;

/**
 * A call-to-action link drawn as a button. Navigation, so an <a> (React Router Link), not a <button>. The
 * link's path is the specification's; it goes to the same page in the page's reading.
 */
export function CtaButton({
  link,
  variant = 'primary',
  icon: Icon,
  className,
}: {
  link: CtaLink;
  variant?: keyof typeof buttonVariants;
  icon?: LucideIcon;
  className?: string;
}) {
  const { path } = useI18n();
  return (
    <Link to={path(link.to)} className={cn(buttonBase, buttonVariants[variant], className)}>
      <span>{link.label}</span>
      {link.hint ? <span className="sr-only">{` ${link.hint}`}</span> : null}
      {Icon ? <Icon aria-hidden className="h-5 w-5" /> : null}
    </Link>
  );
}

/** A decorative icon, by its name in the marketing copy, on an accent gradient. */
export function IconTile({ icon, color, size = 'md' }: { icon: LandingIcon; color: AccentColor; size?: 'md' | 'lg' }) {
  const Icon = landingIcons[icon];
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-xl bg-linear-to-br text-white shadow-lg',
        accentClasses[color].tile,
        size === 'lg' ? 'h-12 w-12 sm:h-16 sm:w-16' : 'h-12 w-12',
      )}
    >
      <Icon className={size === 'lg' ? 'h-6 w-6 sm:h-8 sm:w-8' : 'h-6 w-6'} />
    </span>
  );
}

/** A section with an h2 and its lead paragraph, centered above the section's content. */
export function Section({
  id,
  intro,
  children,
  className,
}: {
  id: string;
  intro: SectionIntro;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn('mx-auto max-w-6xl px-4 py-14 sm:py-20', className)}>
      <div className="mx-auto max-w-2xl text-center">
        <h2 id={`${id}-title`} className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
          {intro.title}
        </h2>
        <p className="mt-4 text-base text-slate-300 sm:text-lg">{intro.subtitle}</p>
      </div>
      {children}
    </section>
  );
}

/** The statistics strip / stat tiles: each figure above its label; the heading is for screen readers. */
export function StatStrip({ id, heading, items, tiles = false }: { id: string; heading: string; items: readonly StatCard[]; tiles?: boolean }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-6xl px-4">
      <h2 id={`${id}-title`} className="sr-only">
        {heading}
      </h2>
      <ul
        className={cn(
          'grid grid-cols-2 md:grid-cols-4',
          tiles ? 'gap-4' : 'gap-px overflow-hidden rounded-2xl bg-white/10 ring-1 ring-white/10',
        )}
      >
        {items.map((stat) => (
          <li
            key={stat.label}
            className={cn(
              'flex flex-col items-center justify-center px-3 py-6 text-center',
              tiles ? 'rounded-2xl bg-panel ring-1 ring-white/10' : 'bg-panel',
            )}
          >
            <span className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{stat.number}</span>
            <span className="mt-1 text-sm font-medium text-violet-200">{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The soft glow behind a hero: layered gradients, no image to download. */
/** The hero of both landing pages: badge, headline, subtitle and the page's buttons. */
export function LandingHero({
  badgeIcon: BadgeIcon,
  hero,
  children,
}: {
  badgeIcon: LucideIcon;
  hero: { badge: string; title: string; subtitle: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="hero-title" className={cn('relative overflow-hidden', heroBackground)}>
      <div className="mx-auto max-w-4xl px-4 pb-14 pt-16 text-center sm:pb-20 sm:pt-24">
        <p className="inline-flex items-center gap-2 rounded-full border border-violet-400/30 bg-violet-500/10 px-4 py-1.5 text-sm font-semibold text-violet-200">
          <BadgeIcon aria-hidden className="h-4 w-4" />
          {hero.badge}
        </p>
        <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl">
          {hero.title}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300 sm:text-xl">{hero.subtitle}</p>
        {children}
      </div>
    </section>
  );
}

export const heroBackground =
  'bg-[radial-gradient(60%_60%_at_50%_0%,rgba(139,92,246,0.35),transparent_70%),radial-gradient(40%_40%_at_85%_20%,rgba(217,70,239,0.18),transparent_70%),radial-gradient(40%_40%_at_10%_40%,rgba(56,189,248,0.12),transparent_70%)]';

/** The closing call to action shared by both pages. */
export function ClosingSection({
  id,
  content,
}: {
  id: string;
  content: { title: string; text: string; primary: CtaLink; secondary: CtaLink };
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-6xl px-4 pb-6">
      <div className="relative overflow-hidden rounded-3xl bg-linear-to-br from-violet-950 via-panel to-indigo-950 px-6 py-12 text-center ring-1 ring-violet-400/20 sm:px-12 sm:py-16">
        <h2 id={`${id}-title`} className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
          {content.title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-base text-slate-300 sm:text-lg">{content.text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <CtaButton link={content.primary} />
          <CtaButton link={content.secondary} variant="secondary" />
        </div>
      </div>
    </section>
  );
}
