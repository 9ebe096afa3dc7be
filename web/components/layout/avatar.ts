export const AVATAR_BUTTON_CLASS =
  'flex h-9 w-9 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-300';
