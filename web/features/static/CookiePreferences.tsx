import { BarChart3, Gauge, Lock, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { CookieKind, CookiesPage } from './texts/spec.ts';
import { cn } from '../../lib/cn.ts';
import { Switch } from '../../components/ui/Switch.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/Tabs.tsx';

const KIND_ICONS: Record<CookieKind['id'], LucideIcon> = {
  essential: Lock,
  performance: Gauge,
  analytics: BarChart3,
};

type OptionalKind = Exclude<CookieKind['id'], 'essential'>;

function AlwaysActive({ t }: { t: CookiesPage }) {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-xs font-semibold text-emerald-300 ring-1 ring-emerald-400/30">
      {t.alwaysActive}
    </span>
  );
}

function KindIcon({ kind }: { kind: CookieKind['id'] }) {
  const Icon = KIND_ICONS[kind];
  return (
    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-violet-500/15 text-violet-300">
      <Icon aria-hidden className="h-5 w-5" />
    </span>
  );
}

/** "All Cookies": every kind, what it is for, and whether it can be switched off. */
function AllCookies({ t }: { t: CookiesPage }) {
  return (
    <>
      <h2 className="text-xl font-bold text-white">{t.allHeading}</h2>
      <ul className="mt-5 space-y-4">
        {t.kinds.map((kind) => (
          <li key={kind.id} className="rounded-xl bg-white/[0.03] p-4 ring-1 ring-white/5 sm:p-5">
            <div className="flex flex-wrap items-center gap-3">
              <KindIcon kind={kind.id} />
              <h3 className="min-w-0 flex-1 text-lg font-semibold text-white">{kind.name}</h3>
              {kind.alwaysActive ? (
                <AlwaysActive t={t} />
              ) : (
                <span className="rounded-full bg-white/5 px-2.5 py-0.5 text-xs font-semibold text-slate-300 ring-1 ring-white/10">{t.optional}</span>
              )}
            </div>
            <p className="mt-3 text-slate-300">{kind.description}</p>
            <p className="mt-2 text-sm text-slate-400">
              {t.examplesLabel}: {kind.examples.join(', ')}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * "Manage Preferences": switches for the optional kinds, on by default. docs/product.md#cookies-page: Save Preferences
 * does nothing shown; the site sets no optional cookies, so there is nothing for it to change.
 */
function ManagePreferences({ t, enabled, onToggle }: { t: CookiesPage; enabled: Record<OptionalKind, boolean>; onToggle: (kind: OptionalKind, on: boolean) => void }) {
  const baseId = useId();
  return (
    <>
      <h2 className="text-xl font-bold text-white">{t.manageHeading}</h2>
      <p className="mt-2 text-slate-300">{t.manageIntro}</p>
      <ul className="mt-5 divide-y divide-white/10 rounded-xl bg-white/[0.03] ring-1 ring-white/5">
        {t.kinds.map((kind) => {
          const labelId = `${baseId}-${kind.id}-label`;
          const descriptionId = `${baseId}-${kind.id}-description`;
          const switchId = `${baseId}-${kind.id}-switch`;
          // The kind a switch turns on and off; essential cookies have none.
          const optional = kind.id === 'essential' ? null : kind.id;
          return (
            <li key={kind.id} className="flex items-start gap-3 p-4 sm:gap-4 sm:p-5">
              <KindIcon kind={kind.id} />
              <div className="min-w-0 flex-1">
                {kind.alwaysActive ? (
                  <h3 id={labelId} className="font-semibold text-white">{kind.name}</h3>
                ) : (
                  <h3 className="font-semibold text-white">
                    <label id={labelId} htmlFor={switchId} className="cursor-pointer">
                      {kind.name}
                    </label>
                  </h3>
                )}
                <p id={descriptionId} className="mt-1 text-sm text-slate-300">
                  {kind.description}
                </p>
              </div>
              {optional === null ? (
                <AlwaysActive t={t} />
              ) : (
                <Switch
                  id={switchId}
                  checked={enabled[optional]}
                  onCheckedChange={(checked) => onToggle(optional, checked)}
                  aria-describedby={descriptionId}
                  className={cn(
                    'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full transition-colors',
                    'bg-slate-600 data-[state=checked]:bg-violet-600',
                    'focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 focus-visible:ring-offset-2 focus-visible:ring-offset-ink',
                  )}
                  thumbClassName="block h-5 w-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6"
                />
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-6 flex justify-end">
        <button
          type="button"
          className="w-full rounded-lg bg-violet-600 px-5 py-2.5 font-semibold text-white hover:bg-violet-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 focus-visible:ring-offset-2 focus-visible:ring-offset-ink sm:w-auto"
        >
          {t.save}
        </button>
      </div>
    </>
  );
}

const trigger = cn(
  'flex-1 rounded-lg px-4 py-2 text-sm font-semibold text-slate-300 transition-colors hover:text-white sm:flex-none',
  'data-[state=active]:bg-violet-600 data-[state=active]:text-white',
  'focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-300',
);

/**
 * The cookies page's two tabs (arrow keys move between them). `texts` is the page's copy in its reading,
 * from the route's loader data: the component imports none, so the page ships no copy as JavaScript.
 */
export function CookiePreferences({ texts: t }: { texts: CookiesPage }) {
  // Held here, not in the tab, so the choices survive switching tabs (inactive tab content unmounts).
  const [enabled, setEnabled] = useState<Record<OptionalKind, boolean>>({ performance: true, analytics: true });
  return (
    <Tabs defaultValue="all" className="mt-8">
      <TabList label={t.tabs.label} className="flex gap-1 rounded-xl bg-panel p-1 ring-1 ring-white/10 sm:inline-flex">
        <Tab value="all" className={trigger}>
          {t.tabs.all}
        </Tab>
        <Tab value="manage" className={trigger}>
          {t.tabs.manage}
        </Tab>
      </TabList>
      <TabPanel value="all" className="mt-6 rounded-2xl bg-panel p-4 ring-1 ring-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 sm:p-8">
        <AllCookies t={t} />
      </TabPanel>
      <TabPanel value="manage" className="mt-6 rounded-2xl bg-panel p-4 ring-1 ring-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 sm:p-8">
        <ManagePreferences t={t} enabled={enabled} onToggle={(kind, on) => setEnabled((current) => ({ ...current, [kind]: on }))} />
      </TabPanel>
    </Tabs>
  );
}
