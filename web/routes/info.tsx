import { ArrowRight, BookOpen } from 'lucide-react';
import { info } from '../content/marketing.ts';
import { CodeSample } from '../features/landing/CodeSample.tsx';
import { FeatureAccordion } from '../features/landing/FeatureAccordion.tsx';
import { landingMeta } from '../features/landing/meta.ts';
import { ClosingSection, CtaButton, LandingHero, Section, StatStrip } from '../features/landing/ui.tsx';
import type { Route } from './+types/info';

export function meta({ matches }: Route.MetaArgs) {
  return landingMeta(info.meta, '/info', matches);
}

/** Landing variant B (docs/product.md#landing-pages), the "How It Works" page. All copy comes from web/content/marketing.ts. */
export default function Info() {
  const { hero, stats, features, code, closing } = info;
  return (
    // The marketing copy is English while the site's default language is Russian.
    <main lang="en">
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
