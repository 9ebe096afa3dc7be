/**
 * The shell's texts in the specification's reading (navigation, footer, error pages, and what every
 * script's card and page share), its exact strings, its mix of Russian and English included. Every
 * area of texts is a `texts/` folder of its feature (docs/decisions/0059-texts-one-convention.md): `spec.ts`, `en.ts`
 * and `ru.ts` of one shape.
 */
const common = {
  /** Shown wherever a script is: its card and its page. */
  script: {
    noImage: 'No Image',
    /** A script's views with their count: `n` is the number, written as the reading writes numbers. */
    views: '{n} views',
    /** The facts a card and a script's page show as badges (docs/product.md#script-badges). */
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
  /** The favourites star's name on a card and a script's page (docs/product.md#favourites). */
  star: 'Favourite: {name}',
  nav: {
    /** The header's navigation landmark. */
    label: 'Main',
    home: 'Home',
    scripts: 'Scripts',
    games: 'Games',
    executors: 'Executors',
    searchPlaceholder: 'Search scripts...',
    searchLabel: 'Search scripts',
    mainMenu: 'Main menu',
    favourites: 'Favourites',
    /** The header's Favourites link while some favourites changed since last seen. */
    favouritesChanged: 'Favourites, {count} changed',
    userMenu: 'User menu',
    telegram: 'Telegram',
    signOut: 'Sign out',
    skipToContent: 'Skip to content',
  },
  /** The header's language switch: each language by its own name (docs/decisions/0045-languages.md). */
  language: {
    label: 'Language',
    en: 'English',
    ru: 'Русский',
  },
  /**
   * The offer on an unprefixed page to read it in the language a visitor chose before (or their
   * browser's Russian): in that language, whatever the page's.
   */
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
    home: 'Back to Home',
  },
  error: {
    title: 'Something went wrong',
    home: 'Back to Home',
  },
} as const;

export const spec = { common };
