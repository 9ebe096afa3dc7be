// The specification's texts of this area are English already: the English reading is the same text.
export { subscriptions } from '../subscriptions.ts';
