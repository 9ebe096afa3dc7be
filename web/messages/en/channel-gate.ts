// The specification's texts of this area are English already: the English reading is the same text.
export { channelGate } from '../channel-gate.ts';
