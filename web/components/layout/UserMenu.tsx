import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Send, User } from 'lucide-react';
import { messages } from '../../messages/index.ts';
import { useSettings } from '../../lib/settings.ts';

/** The avatar menu: the provider's Telegram channel, and Sign out (a placeholder per SPEC.md). */
export function UserMenu() {
  const { telegramUrl } = useSettings();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={messages.nav.userMenu}
        className="flex h-9 w-9 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-300"
      >
        <User aria-hidden className="h-4 w-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-44 rounded-lg border border-white/10 bg-panel p-1 text-sm text-slate-100 shadow-xl"
        >
          <DropdownMenu.Item asChild>
            <a
              href={telegramUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-2 rounded-md px-3 py-2 outline-none data-[highlighted]:bg-white/10"
            >
              <Send aria-hidden className="h-4 w-4" /> {messages.nav.telegram}
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <a href="#" className="flex items-center gap-2 rounded-md px-3 py-2 outline-none data-[highlighted]:bg-white/10">
              <LogOut aria-hidden className="h-4 w-4" /> {messages.nav.signOut}
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
