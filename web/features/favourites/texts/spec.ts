/** /favourites' texts (docs/product.md#favourites); the star's name and the header's link are in the shell's `common` (web/components/layout/texts/). */
const favourites = {
  title: 'Favourites',
  intro: 'Scripts you starred, kept in this browser only.',
  updated: 'Updated since you last looked',
  history: 'See what changed',
  empty: 'No favourites yet',
  emptyHint: 'Star a script (☆ on its card or page) to keep it here and see when its loader changes.',
  blocked: 'This browser does not let the site keep favourites (storage is blocked or in private mode).',
  loading: 'Loading your favourites…',
  failed: 'Could not load your favourites. Try again later.',
};

export const spec = { favourites };
