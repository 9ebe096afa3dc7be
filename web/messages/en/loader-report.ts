// Placeholder until this area is translated: the specification's reading.
export * from '../loader-report.ts';
