import type { Shape } from '../shape.ts';
import type { common as spec } from '../common.ts';

/** The shared shell's strings, wholly English (`/en/…`). */
export const common = {
  script: {
    noImage: 'No image',
    views: '{n, plural, one {# view} other {# views}}',
    badges: {
      label: 'Script facts',
      keySystem: 'Key system',
      universal: 'Universal',
      verified: 'Verified',
      patched: 'Patched',
      loaderWarning: 'Risky loader',
      mayBePatched: 'May be patched',
    },
    gameLabel: 'Game',
  },
  star: 'Favourite: {name}',
  nav: {
    label: 'Main',
    home: 'Home',
    scripts: 'Scripts',
    games: 'Games',
    executors: 'Executors',
    searchPlaceholder: 'Search scripts...',
    searchLabel: 'Search scripts',
    mainMenu: 'Main menu',
    favourites: 'Favourites',
    favouritesChanged: 'Favourites, {count} changed',
    userMenu: 'User menu',
    telegram: 'Telegram',
    signOut: 'Sign out',
    skipToContent: 'Skip to content',
  },
  language: { label: 'Language', en: 'English', ru: 'Русский' },
  offer: {
    en: { read: 'Read in English', dismiss: 'No, thanks' },
    ru: { read: 'Читать на русском', dismiss: 'Нет, спасибо' },
  },
  footer: {
    catalogue: 'Catalogue',
    legal: 'Legal',
    community: 'Community',
    seo: 'Roblox scripts guide',
    privacy: 'Privacy Policy',
    terms: 'Terms of Service',
    cookies: 'Cookie Policy',
    telegram: 'Telegram',
    video: 'YouTube',
    developer: 'Developer',
    contact: 'Contact',
    rights: 'All rights reserved.',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist.',
    home: 'Back to home',
  },
  error: {
    title: 'Something went wrong',
    home: 'Back to home',
  },
} as const satisfies Shape<typeof spec>;
