import { ArrowRight, BookOpen } from 'lucide-react';
import { info } from '../content/marketing.ts';
import { CodeSample } from '../features/landing/CodeSample.tsx';
import { FeatureAccordion } from '../features/landing/FeatureAccordion.tsx';
import { landingMeta } from '../features/landing/meta.ts';
import { ClosingSection, CtaButton, heroBackground, Section, StatStrip } from '../features/landing/ui.tsx';
import { cn } from '../lib/cn.ts';
import type { Route } from './+types/info';

export function meta({ matches }: Route.MetaArgs) {
  return landingMeta(info.meta, '/info', matches);
}

/** Landing variant B (DESIGN.md 2.1), the "How It Works" page. All copy comes from web/content/marketing.ts. */
export default function Info() {
  const { hero, stats, features, code, closing } = info;
  return (
    // The marketing copy is English while the site's default language is Russian.
    <main lang="en">
      <section aria-labelledby="hero-title" className={cn('relative overflow-hidden', heroBackground)}>
        <div className="mx-auto max-w-4xl px-4 pb-14 pt-16 text-center sm:pb-20 sm:pt-24">
          <p className="inline-flex items-center gap-2 rounded-full border border-violet-400/30 bg-violet-500/10 px-4 py-1.5 text-sm font-semibold text-violet-200">
            <BookOpen aria-hidden className="h-4 w-4" />
            {hero.badge}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl">
            {hero.title}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300 sm:text-xl">{hero.subtitle}</p>
          <div className="mt-9 flex justify-center">
            <CtaButton link={hero.primary} icon={ArrowRight} className="w-full sm:w-auto" />
          </div>
        </div>
      </section>

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
