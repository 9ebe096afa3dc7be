// The specification's copy of this page is English already: the English reading is the same text.
export { privacy } from '../privacy.ts';
