import { ArrowRight, BookOpen } from 'lucide-react';
import { marketingFor } from '../i18n/catalogues.server.ts';
import { CodeSample } from '../features/landing/CodeSample.tsx';
import { FeatureAccordion } from '../features/landing/FeatureAccordion.tsx';
import { landingMeta } from '../features/landing/meta.ts';
import { ClosingSection, CtaButton, LandingHero, Section, StatStrip } from '../features/landing/ui.tsx';
import { useI18n } from '../i18n/messages.ts';
import { readingOfPath } from '../i18n/reading.ts';
import type { Route } from './+types/info';

/**
 * The page's copy in the reading of its address (docs/decisions/0045-languages.md): data, not JavaScript.
 */
export function loader({ request }: Route.LoaderArgs) {
  return marketingFor(readingOfPath(new URL(request.url).pathname)).info;
}

export function meta({ data, location, matches }: Route.MetaArgs) {
  return landingMeta(data?.meta, '/info', location.pathname, matches);
}

/**
 * Landing variant B (docs/product.md#landing-pages), the "How It Works" page. All copy comes from
 * web/features/landing/texts/, through the loader.
 */
export default function Info({ loaderData }: Route.ComponentProps) {
  const { hero, stats, features, code, closing } = loaderData;
  const { reading } = useI18n();
  return (
    // The specification's marketing copy is English while its page's language is Russian; the other
    // readings' copy is in their page's own language.
    <main lang={reading === 'spec' ? 'en' : undefined}>
      <LandingHero badgeIcon={BookOpen} hero={hero}>
        <div className="mt-9 flex justify-center">
          <CtaButton link={hero.primary} icon={ArrowRight} className="w-full sm:w-auto" />
        </div>
      </LandingHero>

      <StatStrip id="stats" heading={stats.heading} items={stats.items} tiles />

      <Section id="features" intro={features}>
        <FeatureAccordion cards={features.cards} />
      </Section>

      <section aria-labelledby="code-title" className="mx-auto max-w-6xl px-4 pb-14 sm:pb-20">
        <div className="grid items-center gap-8 lg:grid-cols-2">
          <div className="text-center lg:text-left">
            <h2 id="code-title" className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
              {code.title}
            </h2>
            <p className="mt-4 text-base text-slate-300 sm:text-lg">{code.text}</p>
          </div>
          <CodeSample code={code.sample} fileName={code.fileName} label={code.label} className="min-w-0" />
        </div>
      </section>

      <ClosingSection id="closing" content={closing} />
    </main>
  );
}
