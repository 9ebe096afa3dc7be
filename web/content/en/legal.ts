// The specification's copy of this page is English already: the English reading is the same text.
export { legalCommon } from '../legal.ts';
