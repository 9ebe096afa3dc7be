// Placeholder until this area is translated: the specification's reading.
export * from '../votes.ts';
