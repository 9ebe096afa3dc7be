import type { FeatureCard } from './texts/spec.ts';
import { cn } from '../../lib/cn.ts';
import { accentClasses } from './colors.ts';
import { IconTile } from './ui.tsx';

/** The "Why Our Cheats Are Better" cards: icon, title (h3), description, each in its accent color. */
export function FeatureGrid({ cards }: { cards: readonly FeatureCard[] }) {
  return (
    <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li
          key={card.title}
          className={cn(
            'flex gap-4 rounded-2xl bg-panel p-5 ring-1 ring-white/10 transition-shadow hover:ring-2 sm:block sm:p-6',
            accentClasses[card.color].glow,
          )}
        >
          <IconTile icon={card.icon} color={card.color} />
          <div>
            <h3 className="text-lg font-bold text-white sm:mt-5">{card.title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-slate-300 sm:mt-2">{card.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
