/**
 * What the loader analysis can find (contract/loader-analysis.ts), each with a stable code, a severity
 * and the plain sentence a visitor reads under "What this loader does" (docs/decisions/0018-loader-analysis.md#loader-findings).
 * The codes are the API's; the sentences are the product's text, shared by the server and the forms.
 */

export const FINDING_SEVERITIES = ['high', 'medium', 'info'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

export const FINDINGS = {
  'webhook': { severity: 'high', message: 'Sends data to a Discord or Guilded webhook: a common way to steal account details.' },
  'ip-lookup': { severity: 'high', message: 'Looks up your IP address or location through an outside service.' },
  'hardware-id': { severity: 'high', message: 'Reads an ID of your device or Roblox client that can identify you.' },
  'clipboard': { severity: 'medium', message: 'Puts text on your clipboard.' },
  'file-write': { severity: 'medium', message: 'Writes or deletes files in your executor’s folder.' },
  'short-link': { severity: 'medium', message: 'Loads code through a link shortener or a paste site, which can change what it serves at any time.' },
  'obfuscated': { severity: 'medium', message: 'Hides its code (obfuscation), so nobody can read what it does before it runs.' },
  'incomplete': { severity: 'medium', message: 'Too long or too tangled to check in full: it may do more than this list says.' },
  'remote-code': { severity: 'medium', message: 'Downloads more code and runs it: what runs is whatever that address serves.' },
  'trusted-remote-code': { severity: 'info', message: 'Downloads more code from a source this site trusts and runs it.' },
  'teleport': { severity: 'info', message: 'Teleports you, hops servers or keeps running after a teleport.' },
} as const satisfies Record<string, { severity: FindingSeverity; message: string }>;

export type FindingCode = keyof typeof FINDINGS;
export const FINDING_CODES = Object.keys(FINDINGS) as FindingCode[];

export interface LoaderFinding {
  code: FindingCode;
  severity: FindingSeverity;
  message: string;
}

export function finding(code: FindingCode): LoaderFinding {
  return { code, ...FINDINGS[code] };
}
