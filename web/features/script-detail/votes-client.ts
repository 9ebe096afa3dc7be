import type { VoteState } from '../../../contract/votes.ts';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage.ts';
import type { PageMessages } from '../../i18n/catalogue.ts';

/** What a vote that was not taken says, in the page's reading: passed in, so this chunk carries no catalogue. */
export type VoteFailureTexts = PageMessages['votes'];

/** Scripts this browser voted on, kept so a reload asks for its own choice there and nowhere else. */
const VOTED_KEPT = 200;

function remember(id: number): void {
  const ids = (readString(STORAGE_KEYS.votedScripts) ?? '').split(',').filter((value) => value && value !== String(id));
  writeString(STORAGE_KEYS.votedScripts, `,${[...ids.slice(-(VOTED_KEPT - 1)), id].join(',')},`);
}

async function call(t: VoteFailureTexts, url: string, init?: RequestInit): Promise<VoteState> {
  const response = await fetch(url, { ...init, headers: { accept: 'application/json', ...init?.headers } }).catch(() => undefined);
  if (!response?.ok) throw new Error(response?.status === 429 ? t.limited : response?.status === 403 ? t.browsersOnly : t.failed);
  return (await response.json()) as VoteState;
}

/**
 * Sends one vote (`vote`: like, dislike, none; `works`: true, false, null, for the executor the visitor
 * chose where there is one); answers the new state or throws its message, one of `texts`.
 */
export async function send(id: number, kind: 'vote' | 'works', value: string | boolean | null, executor: string | undefined, texts: VoteFailureTexts): Promise<VoteState> {
  const state = await call(texts, `/api/scripts/${id}/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(kind === 'vote' ? { value } : executor ? { works: value, executor } : { works: value }),
  });
  remember(id);
  return state;
}

/** This visitor's own choice and the fresh counts, after a reload. */
export function restore(id: number, texts: VoteFailureTexts): Promise<VoteState> {
  return call(texts, `/api/scripts/${id}/my-vote`);
}
