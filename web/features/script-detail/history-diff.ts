import type { HistoryDiffTexts } from './texts/spec.ts';
import { type DiffRow, foldUnchanged } from './history-fold.ts';
import { countChanges, lineDiff } from './history-lines.ts';

/**
 * The History section's line diff (docs/product.md#history), loaded on the first Show changes: the
 * version's loader against the one before, fetched from the API and drawn under its update. Plain
 * DOM into the server's empty block, so the chunk needs no React root and the page's framework code
 * stays as it is; its texts come with the section's HTML (`data-diff-texts`).
 */

/** Opens or closes one update's changes; the first opening loads and draws them. */
export function toggleChanges(button: HTMLButtonElement, scriptId: number): void {
  const block = document.getElementById(button.getAttribute('aria-controls') ?? '');
  const version = Number(button.dataset.version);
  const texts = textsOf(button);
  if (!block || !texts || !Number.isInteger(version) || version < 2) return;
  const opening = button.getAttribute('aria-expanded') !== 'true';
  button.setAttribute('aria-expanded', String(opening));
  block.hidden = !opening;
  if (opening && block.childElementCount === 0) void showChanges(block, { scriptId, version, texts, buttonClass: button.className });
}

function textsOf(button: HTMLElement): HistoryDiffTexts | undefined {
  try {
    return JSON.parse(button.closest<HTMLElement>('[data-diff-texts]')?.dataset.diffTexts ?? '') as HistoryDiffTexts;
  } catch {
    return undefined;
  }
}

interface Target {
  scriptId: number;
  version: number;
  texts: HistoryDiffTexts;
  /** Show changes' look, for Try again. */
  buttonClass: string;
}

/** A text with its {placeholders} filled. */
export function fill(text: string, values: Record<string, number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

async function fetchLoader(scriptId: number, version: number): Promise<string> {
  const response = await fetch(`/api/scripts/${scriptId}/versions/${version}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`version ${version}: HTTP ${response.status}`);
  const body = (await response.json()) as { loadstring?: unknown };
  if (typeof body.loadstring !== 'string') throw new Error(`version ${version}: no loader text`);
  return body.loadstring;
}

/** Loading, then the diff or the failure with Try again. */
async function showChanges(block: HTMLElement, target: Target): Promise<void> {
  const { scriptId, version, texts } = target;
  const status = element('p', STATUS, texts.loading);
  status.setAttribute('role', 'status');
  block.replaceChildren(status);
  try {
    const [before, after] = await Promise.all([fetchLoader(scriptId, version - 1), fetchLoader(scriptId, version)]);
    block.replaceChildren(...diffView(before, after, target));
  } catch {
    const alert = element('div', STATUS, texts.failed);
    alert.setAttribute('role', 'alert');
    const retry = element('button', target.buttonClass, texts.retry);
    retry.type = 'button';
    retry.addEventListener('click', () => void showChanges(block, target));
    alert.append(retry);
    block.replaceChildren(alert);
  }
}

/** The count of lines added and removed, then the lines in a block that scrolls (focusable, so a keyboard scrolls it too). */
function diffView(before: string, after: string, { version, texts }: Target): HTMLElement[] {
  const lines = lineDiff(before, after);
  const { added, removed } = countChanges(lines);
  if (added + removed === 0) return [element('p', STATUS, texts.sameLines)];
  const region = element('div', BLOCK);
  region.setAttribute('role', 'region');
  region.setAttribute('aria-label', fill(texts.label, { before: version - 1, version }));
  region.tabIndex = 0;
  region.dataset.testid = `diff-${version}`;
  const rows = element('div', 'diff-lines');
  rows.append(...foldUnchanged(lines).map((row) => rowView(row, texts)));
  region.append(rows);
  return [element('p', 'mt-3 text-xs text-slate-400', fill(texts.summary, { added, removed })), region];
}

const STATUS = 'mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-300';
const BLOCK =
  'mt-2 max-h-96 overflow-auto rounded-lg bg-black/40 py-2 font-mono text-xs leading-relaxed ring-1 ring-white/10 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300';
const SIGN = { added: '+', removed: '−', same: ' ' } as const;
const LINE = { added: 'bg-emerald-500/15 text-emerald-100', removed: 'bg-red-500/15 text-red-100', same: 'text-slate-300' } as const;

/** A line with its sign (for the eye) and what happened to it (for a screen reader); the colour only adds to both. */
function rowView(row: DiffRow, texts: HistoryDiffTexts): HTMLElement {
  if (row.kind === 'folded') return element('div', 'px-3 py-0.5 italic text-slate-400', fill(texts.folded, { count: row.count }));
  const line = element('div', `flex whitespace-pre px-3 ${LINE[row.kind]}`);
  line.dataset.kind = row.kind;
  const sign = element('span', 'w-4 shrink-0 select-none font-bold', SIGN[row.kind]);
  sign.setAttribute('aria-hidden', 'true');
  line.append(sign);
  if (row.kind !== 'same') line.append(element('span', 'sr-only', row.kind === 'added' ? texts.added : texts.removed));
  line.append(element('span', '', row.text));
  return line;
}
