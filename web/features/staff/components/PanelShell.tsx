import { LogOut, Menu, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';

export interface PanelNavItem {
  key: string;
  label: string;
  icon: ReactNode;
  /** The section's path: sections are routes, so a reload or a shared link keeps the section. */
  to: string;
  active: boolean;
}

export interface PanelShellProps {
  title: string;
  items: PanelNavItem[];
  logoutLabel: string;
  menuLabel: string;
  onLogout: () => void;
  /** The panel's language (`lang` of its frame, so screen readers pronounce it right). */
  lang?: string;
  /** The language switch, above the logout. */
  languageSwitch?: ReactNode;
  children: ReactNode;
}

/**
 * A panel's frame: a sidebar with its sections and logout, which collapses below 640 px (docs/product.md#staff-panels)
 * into a top bar with a menu button.
 */
export function PanelShell({ title, items, logoutLabel, menuLabel, onLogout, lang, languageSwitch, children }: PanelShellProps) {
  const [open, setOpen] = useState(false);
  const itemClass = 'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium';
  const nav = (
    <nav aria-label={title} className="flex flex-1 flex-col gap-1">
      {items.map((item) => (
        <Link
          key={item.key}
          to={item.to}
          aria-current={item.active ? 'page' : undefined}
          onClick={() => setOpen(false)}
          className={cn(itemClass, item.active ? 'bg-violet-600 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white')}
        >
          {item.icon}
          {item.label}
        </Link>
      ))}
      {languageSwitch ? <div className="mt-auto px-3 py-2">{languageSwitch}</div> : null}
      <button type="button" onClick={onLogout} className={cn(itemClass, languageSwitch ? undefined : 'mt-auto', 'text-slate-300 hover:bg-white/10 hover:text-white')}>
        <LogOut aria-hidden className="h-4 w-4" />
        {logoutLabel}
      </button>
    </nav>
  );
  return (
    <div lang={lang} className="min-h-screen sm:flex">
      <div className="flex items-center justify-between border-b border-white/10 px-4 py-3 sm:hidden">
        <p className="font-bold">{title}</p>
        <button type="button" aria-label={menuLabel} aria-expanded={open} onClick={() => setOpen(!open)} className="flex h-10 w-10 items-center justify-center rounded-md hover:bg-white/10">
          {open ? <X aria-hidden className="h-5 w-5" /> : <Menu aria-hidden className="h-5 w-5" />}
        </button>
      </div>
      {open ? <div className="flex flex-col border-b border-white/10 p-3 sm:hidden">{nav}</div> : null}
      <aside className="hidden w-60 shrink-0 flex-col border-r border-white/10 bg-panel/60 p-4 sm:sticky sm:top-0 sm:flex sm:h-screen">
        <p className="mb-6 px-3 text-lg font-extrabold">{title}</p>
        {nav}
      </aside>
      <main className="min-w-0 flex-1 p-4 sm:p-8">{children}</main>
    </div>
  );
}
