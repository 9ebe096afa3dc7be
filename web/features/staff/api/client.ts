import type { z } from 'zod';
import { STAFF_REQUEST_TIMEOUT_MS } from '../../../../contract/index.ts';
import { readString } from '../../../lib/storage.ts';
import { en } from '../texts/en.ts';
import { ru } from '../texts/ru.ts';
import { storedReading } from '../language.ts';
import { type StaffRole, tokens } from './auth-storage.ts';

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'invalid';

/** A failed staff call: the server's `error` text (when it sent one), its code and field errors. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    /** The response body's `error` field, when present (docs/product.md#staff-panels: banners show it, else a default). */
    readonly serverMessage: string | undefined,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(serverMessage ?? kind);
    this.name = 'ApiError';
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  token?: string | null;
  /** A plain object goes as JSON; FormData as multipart. */
  body?: unknown;
  /** Validates the answer; a mismatch is an 'invalid' ApiError (the "invalid data" texts of docs/product.md#error-texts). */
  schema?: z.ZodType<T>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * localStorage key that lowers (or raises) the panels' call time-out, in milliseconds: a browser test
 * sets it to wait about a second for the time-out text instead of ten. Without it (or with a value
 * outside 100 ms–2 min) the product's 10 s applies.
 */
export const TIMEOUT_SETTING_KEY = 'staffRequestTimeoutMs';

export function requestTimeoutMs(): number {
  const value = Number(readString(TIMEOUT_SETTING_KEY));
  return Number.isInteger(value) && value >= 100 && value <= 120_000 ? value : STAFF_REQUEST_TIMEOUT_MS;
}

/** The one way the panels call the API: Bearer token, time-out, JSON errors, validated answers. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', token, body, schema, timeoutMs = requestTimeoutMs() } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const language = chosenLanguage();
  if (language) headers['accept-language'] = language;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, signal });
  } catch (error) {
    if (timeout.aborted) throw new ApiError('timeout', 0, undefined);
    throw error instanceof DOMException && error.name === 'AbortError' ? error : new ApiError('network', 0, undefined);
  }
  return readAnswer(response.status, await response.text(), schema);
}

export function readAnswer<T>(status: number, text: string, schema?: z.ZodType<T>): T {
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (status < 200 || status >= 300) {
    const body = (data ?? {}) as { error?: unknown; code?: unknown; fields?: unknown };
    throw new ApiError(
      'http',
      status,
      typeof body.error === 'string' ? body.error : undefined,
      typeof body.code === 'string' ? body.code : undefined,
      body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined,
    );
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError('invalid', status, undefined);
  return parsed.data;
}

/** Uploads may carry a 5 MB image over a slow line, so they get longer than other calls. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * Multipart upload with progress (fetch cannot report upload progress): same errors as apiRequest.
 */
export function uploadRequest<T>(
  path: string,
  options: { method: 'POST' | 'PATCH'; token: string | null; form: FormData; schema?: z.ZodType<T>; onProgress?: (fraction: number) => void },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, path);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    if (options.token) xhr.setRequestHeader('authorization', `Bearer ${options.token}`);
    const language = chosenLanguage();
    if (language) xhr.setRequestHeader('accept-language', language);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        resolve(readAnswer(xhr.status, xhr.responseText, options.schema));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError('network', 0, undefined));
    xhr.ontimeout = () => reject(new ApiError('timeout', 0, undefined));
    xhr.send(options.form);
  });
}

/**
 * A call on behalf of a signed-in panel: the role names the token (read at each call, so a logout in
 * another tab is seen at once).
 */
export function roleRequest<T = unknown>(role: StaffRole, path: string, options: Omit<RequestOptions<T>, 'token'> = {}): Promise<T> {
  return apiRequest(path, { ...options, token: tokens.get(role) });
}

/** 401 ends any panel's session; for the admin a 403 does too (a token that is not an admin's). */
export function isSessionError(error: unknown, role: StaffRole): error is ApiError {
  if (!(error instanceof ApiError) || error.kind !== 'http') return false;
  return error.status === 401 || (role === 'admin' && error.status === 403);
}

/**
 * The language the staff member chose (issue 29), undefined while none is: the panel then asks
 * nothing and shows the specification's reading (the server's English texts).
 */
function chosenLanguage() {
  const reading = storedReading();
  return reading === 'spec' ? undefined : reading;
}

/** What a screen may say instead of the panel's text for a code (a login's 401 is a wrong password, not an expired session). */
export type CodeTexts = Partial<Record<string, string>>;

/**
 * docs/product.md#staff-panels: with no language chosen, the response's `error` field when present,
 * else the screen's default text. With a language chosen (issue 29), the panel's own text for the
 * answer's `code` (for a refused value, the field's rule when the panel knows it), and the server's
 * `error` (which it wrote in that language, Accept-Language) only for a code the panel does not know.
 */
export function errorText(error: unknown, fallback: string, timeoutText?: string, codes: CodeTexts = {}): string {
  if (error instanceof ApiError) {
    if (error.kind === 'timeout' && timeoutText) return timeoutText;
    const language = chosenLanguage();
    if (language && error.kind === 'http' && error.code) return codeText(language, error, codes) ?? error.serverMessage ?? fallback;
    if (error.serverMessage) return error.serverMessage;
  }
  return fallback;
}

/** What both panels say by language (web/features/staff/texts/). */
const STAFF = { en, ru } as const;

function codeText(language: 'en' | 'ru', error: ApiError, codes: CodeTexts): string | undefined {
  const code = error.code as string;
  const own = codes[code];
  if (own) return own;
  if (code === 'VALIDATION_FAILED') {
    const known = Object.entries(error.fields ?? {}).map(([key, message]) => fieldRuleText(language, key, message)).find(Boolean);
    if (known) return known;
  }
  return (STAFF[language].errors.codes as CodeTexts)[code];
}

/** A blocked domain's refusal of a field (server/domains/service.ts), in either language the server writes it. */
const BLOCKED_DOMAIN = [/^Fetches from (.+), which this site blocks$/, /^On (.+), which this site blocks$/, /^Берёт код с (.+), который сайт блокирует$/, /^На (.+), который сайт блокирует$/];

/**
 * A refused field's message in the panel's words, for the rules the panel knows (a loader or a key
 * page on a blocked domain); undefined for any other, whose server text is already in the language.
 */
export function fieldRuleText(language: 'en' | 'ru', key: string, message: string): string | undefined {
  const domain = BLOCKED_DOMAIN.map((rule) => rule.exec(message)?.[1]).find(Boolean);
  if (!domain) return undefined;
  const fields = STAFF[language].errors.fields;
  return key === 'keyLink' ? fields.blockedKeyLink(domain) : fields.blockedDomain(domain);
}

/** A field's message from the server, in the panel's words where a language is chosen and the rule is known. */
export function fieldText(key: string, message: string): string {
  const language = chosenLanguage();
  return (language && fieldRuleText(language, key, message)) || message;
}
