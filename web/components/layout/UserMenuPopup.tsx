import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Send, User } from 'lucide-react';
import { useSettings } from '../../lib/settings.ts';
import { useI18n } from '../../i18n/messages.ts';
import { AVATAR_BUTTON_CLASS } from './avatar.ts';

/**
 * The avatar menu itself (Radix DropdownMenu: keyboard, focus and screen-reader behaviour). Its own
 * chunk, loaded by UserMenu when a visitor reaches for the avatar; it mounts already open.
 */
export default function UserMenuPopup() {
  const { telegramUrl } = useSettings();
  const { m } = useI18n();
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger aria-label={m.common.nav.userMenu} className={AVATAR_BUTTON_CLASS}>
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
              <Send aria-hidden className="h-4 w-4" /> {m.common.nav.telegram}
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <a href="#" className="flex items-center gap-2 rounded-md px-3 py-2 outline-none data-[highlighted]:bg-white/10">
              <LogOut aria-hidden className="h-4 w-4" /> {m.common.nav.signOut}
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
