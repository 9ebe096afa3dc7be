import { describe, expect, it } from 'vitest';
import { FINDING_CODES, FINDING_SEVERITIES, FINDINGS, finding } from './loader-findings.ts';

// The catalogue of findings the API and the forms share.

describe('loader findings', () => {
  it('give each code its severity and sentence', () => {
    expect(finding('webhook')).toEqual({ code: 'webhook', severity: 'high', message: FINDINGS.webhook.message });
    expect(finding('trusted-remote-code').severity).toBe('info');
  });

  it('have a known severity and a whole sentence for every code', () => {
    expect(FINDING_CODES.length).toBeGreaterThan(0);
    for (const code of FINDING_CODES) {
      expect(FINDING_SEVERITIES, code).toContain(FINDINGS[code].severity);
      expect(FINDINGS[code].message, code).toMatch(/^[A-Z].*\.$/);
    }
  });
});
