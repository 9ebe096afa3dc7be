import { ArrowRight, Gamepad2, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { marketingFor } from '../i18n/catalogues.server.ts';
import { FeatureGrid } from '../features/landing/FeatureGrid.tsx';
import { GameGrid } from '../features/landing/GameGrid.tsx';
import { landingMeta } from '../features/landing/meta.ts';
import { ClosingSection, CtaButton, LandingHero, focusRing, Section, StatStrip } from '../features/landing/ui.tsx';
import { useI18n } from '../i18n/messages.ts';
import { readingOfPath } from '../i18n/reading.ts';
import { cn } from '../lib/cn.ts';
import type { Route } from './+types/home';

/**
 * The page's copy in the reading of its address (docs/decisions/0045-languages.md): data, not JavaScript.
 */
export function loader({ request }: Route.LoaderArgs) {
  return marketingFor(readingOfPath(new URL(request.url).pathname)).home;
}

export function meta({ data, location, matches }: Route.MetaArgs) {
  return landingMeta(data?.meta, '/', location.pathname, matches);
}

/** Landing variant A (docs/product.md#landing-pages). All copy comes from web/features/landing/texts/, through the loader. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, stats, features, games, closing } = loaderData;
  const { reading, path } = useI18n();
  return (
    // The specification's marketing copy is English while its page's language is Russian; the other
    // readings' copy is in their page's own language.
    <main lang={reading === 'spec' ? 'en' : undefined}>
      <LandingHero badgeIcon={Sparkles} hero={hero}>
        <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
          <CtaButton link={hero.primary} icon={Gamepad2} />
          <CtaButton link={hero.secondary} variant="secondary" />
        </div>
      </LandingHero>

      <StatStrip id="stats" heading={stats.heading} items={stats.items} />

      <Section id="features" intro={features}>
        <FeatureGrid cards={features.cards} />
      </Section>

      <Section id="games" intro={games} className="pt-0 sm:pt-0">
        <GameGrid games={games.list} online={games.online} viewScripts={games.viewScripts} viewScriptsFor={games.viewScriptsFor} />
        <p className="mt-8 text-center">
          <Link
            to={path(games.viewAll.to)}
            className={cn('inline-flex items-center gap-2 rounded-md font-semibold text-violet-300 hover:text-violet-200', focusRing)}
          >
            {games.viewAll.label}
            <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
        </p>
      </Section>

      <ClosingSection id="closing" content={closing} />
    </main>
  );
}
