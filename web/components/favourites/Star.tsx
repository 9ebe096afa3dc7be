import { useI18n } from '../../i18n/messages.ts';

/**
 * A script's favourites star: a stateless toggle the document's inline handler runs
 * (web/components/favourites/early-star.ts), before hydration and after, with no React handler. Its
 * `aria-pressed` is a constant here, so React never writes over what the handler set from storage; its
 * look follows `aria-pressed` alone (app.css `.fav-star`). `opened`: the script's own page, whose
 * opening marks `version` seen.
 */
export function Star({ id, version, name, opened }: { id: number; version: number; name: string; opened?: boolean }) {
  const { m, t } = useI18n();
  return (
    <button
      type="button"
      className="fav-star"
      data-star={id}
      data-version={version}
      data-opened={opened}
      aria-pressed="false"
      aria-label={t(m.common.star, { name })}
      suppressHydrationWarning
    />
  );
}
