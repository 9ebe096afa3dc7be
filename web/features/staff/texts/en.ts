import type { ErrorCode } from '../../../../contract/errors.ts';
import type { Shape } from '../../../i18n/shape.ts';

/**
 * What both panels say in English whatever their role: the language switch, and the errors of the
 * API by their `code` (docs/product.md#staff-panels). A code missing here shows the server's own text.
 */
export const en = {
  language: {
    label: 'Language',
    english: 'English',
    russian: 'Русский',
  },
  errors: {
    codes: {
      VALIDATION_FAILED: 'Some values were refused: check the form and try again',
      BAD_REQUEST: 'The request could not be read; reload the page and try again',
      UNAUTHORIZED: 'Your session has expired. Please log in again.',
      FORBIDDEN: 'Your account may not do this',
      NOT_FOUND: 'It no longer exists: refresh the list',
      CONFLICT: 'This is already taken: choose another name or address',
      PAYLOAD_TOO_LARGE: 'The file is too large',
      UNSUPPORTED_MEDIA_TYPE: 'This kind of file is not accepted',
      RATE_LIMITED: 'Too many attempts; try again later',
      SERVICE_UNAVAILABLE: 'The server is briefly unavailable; try again in a moment',
      DATABASE_UNAVAILABLE: 'The server is briefly unavailable; try again in a moment',
    } satisfies Partial<Record<ErrorCode, string>>,
    /** A login refused (401): the name or the password is wrong. */
    badCredentials: 'Invalid username or password',
    /** The rules whose field message the panel words itself (a refused save's `fields`). */
    fields: {
      blockedDomain: (domain: string) => `Fetches code from ${domain}: this site blocks that domain`,
      blockedKeyLink: (domain: string) => `The key page is on ${domain}: this site blocks that domain`,
    },
  },
} as const;

export type StaffMessages = Shape<typeof en>;
