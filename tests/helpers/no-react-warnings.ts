import { afterAll, expect } from 'vitest';

// Every API test file: React's rendering must print no warning (an "empty buffer ... security issue"
// on Node 20 was one), so a page rendered in any test that made React complain fails that file.
const warnings: string[] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  const text = args.map(String).join(' ');
  if (/^(Warning: |React )/.test(text)) warnings.push(text.slice(0, 300));
  original(...args);
};

afterAll(() => {
  expect(warnings, 'React printed warnings while rendering').toEqual([]);
});
