import { User } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useI18n } from '../../i18n/messages.ts';
import { AVATAR_BUTTON_CLASS } from './avatar.ts';

const loadPopup = () => import('./UserMenuPopup.tsx');
const UserMenuPopup = lazy(loadPopup);

/**
 * The avatar menu: the provider's Telegram channel, and Sign out (a placeholder, docs/product.md#user-menu).
 * Every page starts with this plain button; the Radix menu and its positioning code (about a sixth of
 * the first-load JavaScript) are fetched when the pointer or focus reaches the avatar, and take over on
 * the first click or key press, opening at once.
 */
export function UserMenu() {
  const { m } = useI18n();
  const [wanted, setWanted] = useState(false);
  const open = () => {
    void loadPopup();
    setWanted(true);
  };
  const avatar = (
    <button
      type="button"
      aria-label={m.common.nav.userMenu}
      aria-haspopup="menu"
      aria-expanded={false}
      className={AVATAR_BUTTON_CLASS}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={open}
      onKeyDown={(event) => {
        // Radix's trigger also opens on ArrowDown; Enter and Space arrive as clicks.
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          open();
        }
      }}
    >
      <User aria-hidden className="h-4 w-4" />
    </button>
  );
  if (!wanted) return avatar;
  return (
    <Suspense fallback={avatar}>
      <UserMenuPopup />
    </Suspense>
  );
}
