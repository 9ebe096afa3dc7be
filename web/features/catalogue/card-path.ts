// Loaded with the first Load More: the slug rules for the cards the API adds (the first page's cards
// came with their paths). One export, so the bundler needs no namespace object for the dynamic import.
export { scriptPath } from '../../../contract/slugs.ts';
