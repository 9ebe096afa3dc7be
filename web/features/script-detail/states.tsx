import { FileQuestion, ServerCrash } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import type { PageMessages } from '../../i18n/catalogue.ts';

/**
 * The page's texts in its reading and the list's path in it, handed over by the route: this module loads
 * only when a state shows, and imports no catalogue.
 */
type Texts = Pick<PageMessages['detail'], 'notFound' | 'failed'>;

function StatePanel({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/5 text-violet-300 ring-1 ring-white/10">{icon}</span>
      <h1 className="mt-6 text-2xl font-bold text-white sm:text-3xl">{title}</h1>
      <p className="mt-2 text-slate-300">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </main>
  );
}

/** Script not found / The requested script does not exist, with Return to list (HTTP 404). */
export function ScriptNotFound({ t, list }: { t: Texts; list: string }) {
  return (
    <StatePanel icon={<FileQuestion aria-hidden className="h-8 w-8" />} title={t.notFound.title} text={t.notFound.text}>
      <Link to={list} className={buttonClasses()}>
        {t.notFound.back}
      </Link>
    </StatePanel>
  );
}

/** Loading failed / Failed to load scripts, with Back to list and a retry that re-runs the loader. */
export function ScriptLoadFailed({ t, list }: { t: Texts; list: string }) {
  const revalidator = useRevalidator();
  return (
    <StatePanel icon={<ServerCrash aria-hidden className="h-8 w-8" />} title={t.failed.title} text={t.failed.text}>
      <Link to={list} className={buttonClasses()}>
        {t.failed.back}
      </Link>
      <Button variant="secondary" onClick={() => void revalidator.revalidate()} loading={revalidator.state === 'loading'}>
        {t.failed.retry}
      </Button>
    </StatePanel>
  );
}
