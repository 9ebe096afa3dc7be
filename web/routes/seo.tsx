import { ArrowRight, Copy, Gamepad2, Gift, Headphones, type LucideIcon, PackageX, RefreshCw, Sparkles, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SeoPage } from '../features/static/texts/spec.ts';
import { staticTextsFor } from '../i18n/catalogues.server.ts';
import { StaticMain } from '../features/static/LegalPage.tsx';
import { staticPageMeta } from '../features/static/meta.ts';
import { FaqStructuredData, SeoFaq } from '../features/static/SeoFaq.tsx';
import { useI18n } from '../i18n/messages.ts';
import { readingOfPath } from '../i18n/reading.ts';
import type { Route } from './+types/seo';

/** The page's copy in its reading, which the path names (docs/decisions/0045-languages.md). No date: the page stays in the HTML cache. */
export function loader({ request }: Route.LoaderArgs) {
  return { page: staticTextsFor(readingOfPath(new URL(request.url).pathname)).seo };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return staticPageMeta(loaderData?.page, location.pathname, matches);
}

/** Icons of the benefit cards, in the content module's order. */
const BENEFIT_ICONS: readonly LucideIcon[] = [Gift, RefreshCw, Zap, Copy, PackageX, Headphones];

const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-violet-600 px-6 py-3 font-semibold text-white hover:bg-violet-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 focus-visible:ring-offset-2 focus-visible:ring-offset-ink';

function Section({ id, heading, intro, children }: { id: string; heading: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-14 sm:mt-20">
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-white sm:text-3xl">
        {heading}
      </h2>
      {intro && <p className="mt-2 max-w-3xl text-slate-300">{intro}</p>}
      {children}
    </section>
  );
}

/**
 * The SEO landing page: games, script types, benefits, a usage guide and the FAQ, all pointing at
 * /scripts in the page's reading. The copy is the loader's, in that reading.
 */
export default function Seo({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { reading } = useI18n();
  return (
    <StaticMain>
      <SeoHero page={page} />
      <SeoGames page={page} />
      <SeoTypes page={page} />
      <SeoBenefits page={page} />
      <SeoGuide page={page} />
      <Section id="faq" heading={page.faq.heading}>
        <SeoFaq items={page.faq.items} />
        <FaqStructuredData items={page.faq.items} inLanguage={reading === 'spec' ? undefined : reading} />
      </Section>
      <SeoClosing page={page} />
    </StaticMain>
  );
}

/** The page's header: eyebrow, heading, text and the call to /scripts. */
function SeoHero({ page }: { page: SeoPage }) {
  const { path } = useI18n();
  return (
    <header className="relative overflow-hidden rounded-2xl bg-panel px-5 py-10 text-center ring-1 ring-white/10 sm:px-10 sm:py-16">
      <div aria-hidden className="pointer-events-none absolute -left-24 -top-24 h-72 w-72 rounded-full bg-violet-600/25 blur-3xl" />
      <div aria-hidden className="pointer-events-none absolute -bottom-24 -right-24 h-72 w-72 rounded-full bg-fuchsia-600/15 blur-3xl" />
      <p className="inline-flex items-center gap-2 rounded-full bg-violet-500/15 px-3 py-1 text-sm font-semibold text-violet-200 ring-1 ring-violet-400/30">
        <Sparkles aria-hidden className="h-4 w-4" />
        {page.hero.eyebrow}
      </p>
      <h1 className="mx-auto mt-5 max-w-3xl text-3xl font-extrabold tracking-tight text-white sm:text-5xl">{page.hero.heading}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-slate-300 sm:text-lg">{page.hero.text}</p>
      <Link to={path('/scripts')} className={`${primaryButton} mt-8`}>
        {page.hero.cta}
        <ArrowRight aria-hidden className="h-4 w-4" />
      </Link>
    </header>
  );
}

/** The popular games, each linking to a search for its scripts. */
function SeoGames({ page }: { page: SeoPage }) {
  const { path } = useI18n();
  return (
    <Section id="games" heading={page.games.heading} intro={page.games.intro}>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {page.games.items.map((game) => (
          <li key={game.name} className="flex flex-col rounded-xl bg-panel p-5 ring-1 ring-white/10">
            <div className="flex items-center gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-violet-500/15 text-violet-300">
                <Gamepad2 aria-hidden className="h-5 w-5" />
              </span>
              <h3 className="text-lg font-semibold text-white">{game.name}</h3>
            </div>
            <p className="mt-3 flex-1 text-slate-300">{game.blurb}</p>
            <Link
              to={path(`/scripts?q=${encodeURIComponent(game.name)}`)}
              className="mt-4 inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-violet-300 hover:text-violet-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-300"
            >
              {page.games.linkLabel} {game.name}
              <ArrowRight aria-hidden className="h-4 w-4" />
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The kinds of scripts the catalogue holds. */
function SeoTypes({ page }: { page: SeoPage }) {
  return (
    <Section id="types" heading={page.types.heading} intro={page.types.intro}>
      <ul className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
        {page.types.items.map((type) => (
          <li key={type.name} className="rounded-xl bg-panel p-4 ring-1 ring-white/10">
            <h3 className="font-semibold text-white">{type.name}</h3>
            <p className="mt-1 text-sm text-slate-300">{type.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The benefit cards, each with its icon of BENEFIT_ICONS. */
function SeoBenefits({ page }: { page: SeoPage }) {
  return (
    <Section id="benefits" heading={page.benefits.heading} intro={page.benefits.intro}>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {page.benefits.items.map((benefit, index) => {
          const Icon = BENEFIT_ICONS[index] ?? Sparkles;
          return (
            <li key={benefit.title} className="flex gap-4 rounded-xl bg-panel p-5 ring-1 ring-white/10">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-emerald-500/15 text-emerald-300">
                <Icon aria-hidden className="h-5 w-5" />
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-white">{benefit.title}</h3>
                <p className="mt-1 text-sm text-slate-300">{benefit.description}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** How to use a script, as numbered steps. */
function SeoGuide({ page }: { page: SeoPage }) {
  return (
    <Section id="guide" heading={page.guide.heading} intro={page.guide.intro}>
      <ol className="mt-6 grid gap-4 md:grid-cols-5">
        {page.guide.steps.map((step, index) => (
          <li key={step.title} className="rounded-xl bg-panel p-5 ring-1 ring-white/10">
            <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded-full bg-violet-600 text-sm font-bold text-white">
              {index + 1}
            </span>
            <h3 className="mt-3 font-semibold text-white">{step.title}</h3>
            <p className="mt-1 text-sm text-slate-300">{step.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** The closing call to /scripts. */
function SeoClosing({ page }: { page: SeoPage }) {
  const { path } = useI18n();
  return (
    <section aria-labelledby="closing-heading" className="mt-14 rounded-2xl bg-gradient-to-br from-violet-700/40 to-fuchsia-700/20 px-5 py-10 text-center ring-1 ring-violet-400/30 sm:mt-20 sm:px-10">
      <h2 id="closing-heading" className="text-2xl font-bold text-white sm:text-3xl">
        {page.closing.heading}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-slate-200">{page.closing.text}</p>
      <Link to={path('/scripts')} className={`${primaryButton} mt-6`}>
        {page.closing.cta}
        <ArrowRight aria-hidden className="h-4 w-4" />
      </Link>
    </section>
  );
}
