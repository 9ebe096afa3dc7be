/** What a vote that was not taken says (docs/product.md#votes); loaded with the first vote, not with the page. */
export const votes = {
  failed: 'Your vote was not saved. Try again.',
  limited: 'Too many votes for now. Try again later.',
  browsersOnly: 'Votes are taken from browsers only.',
} as const;
