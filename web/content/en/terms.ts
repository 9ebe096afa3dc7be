// The specification's copy of this page is English already: the English reading is the same text.
export { terms } from '../terms.ts';
