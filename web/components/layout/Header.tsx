import { Code2, Menu, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { NavLink, Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { useSettings } from '../../lib/settings.ts';
import { useI18n } from '../../i18n/messages.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { SearchBox } from './SearchBox.tsx';
import { UserMenu } from './UserMenu.tsx';

function NavLinks({ className }: { className?: string }) {
  const { m, path } = useI18n();
  const links = [
    { to: path('/'), label: m.common.nav.home, end: true },
    { to: path('/scripts'), label: m.common.nav.scripts, end: false },
  ];
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end={link.end}
            className={({ isActive }) =>
              cn('block rounded-md px-3 py-2 text-sm font-medium', isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:text-white')
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The shared navigation bar; below md the links and search sit in a panel behind the main-menu button. */
export function Header() {
  const { siteName } = useSettings();
  const { m, t, path } = useI18n();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  // The count of changed favourites: its code loads after hydration, and only when this browser keeps
  // favourites; it writes the count on the Favourites link (docs/decisions/0043-favourites-without-an-account.md).
  useEffect(() => {
    try {
      if (!localStorage.favourites) return;
    } catch {
      return;
    }
    void import('../../lib/favourites.ts').then((module) => module.watchChanged((count) => t(m.common.nav.favouritesChanged, { count })));
  }, [m, t]);
  // Escape closes the open menu, as it closes any disclosure, and gives focus back to its button.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    menuButton.current?.focus();
  };

  return (
    <header onKeyDown={closeOnEscape} className="sticky top-0 z-40 border-b border-white/10 bg-ink/90 backdrop-blur">
      <nav aria-label={m.common.nav.label} className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Link to={path('/')} className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-white">
          <Code2 aria-hidden className="h-6 w-6 text-violet-400" />
          {siteName}
        </Link>
        <NavLinks className="hidden items-center gap-1 md:flex" />
        <div className="ml-auto hidden w-72 md:block">
          <SearchBox id="search-desktop" />
        </div>
        <LanguageSwitch className="hidden lg:flex" />
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          {/* data-count and the name with the count are set by web/lib/favourites.ts: React renders neither, so never writes over them. */}
          <Link to={path('/favourites')} className="fav-link">
            <span className="fav-text">{m.common.nav.favourites}</span>
          </Link>
          <UserMenu />
          <button
            ref={menuButton}
            type="button"
            aria-label={m.common.nav.mainMenu}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen(!open)}
            className="flex h-9 w-9 items-center justify-center rounded-md text-slate-200 hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 md:hidden"
          >
            {open ? <X aria-hidden className="h-5 w-5" /> : <Menu aria-hidden className="h-5 w-5" />}
          </button>
        </div>
      </nav>
      {open && (
        <div id={menuId} className="border-t border-white/10 px-4 pb-4 md:hidden">
          <NavLinks className="flex flex-col gap-1 py-2" />
          <SearchBox id="search-mobile" onSubmitted={() => setOpen(false)} />
          <LanguageSwitch className="mt-3" />
        </div>
      )}
    </header>
  );
}
