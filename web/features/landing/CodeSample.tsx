import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

const KEYWORDS = new Set(['local', 'function', 'end', 'if', 'then', 'else', 'elseif', 'return', 'for', 'in', 'do', 'while', 'and', 'or', 'not', 'nil', 'true', 'false']);
const BUILTINS = new Set(['print', 'game', 'workspace', 'wait', 'task']);

// Comments, double-quoted strings, words, numbers, and anything else one character at a time.
const TOKEN = /(--[^\n]*)|("(?:[^"\\\n]|\\.)*")|([A-Za-z_][A-Za-z0-9_]*)|(\d+(?:\.\d+)?)|([\s\S])/g;

/** A tiny Lua highlighter: enough for a short sample, no library shipped to the browser. */
function highlight(code: string): ReactNode[] {
  const out: ReactNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push(plain);
    plain = '';
  };
  const push = (text: string, className: string) => {
    flush();
    out.push(
      <span key={out.length} className={className}>
        {text}
      </span>,
    );
  };
  for (const match of code.matchAll(TOKEN)) {
    const [text, comment, string, word, number] = match;
    if (comment) push(text, 'italic text-slate-400');
    else if (string) push(text, 'text-emerald-300');
    else if (word && KEYWORDS.has(word)) push(text, 'text-violet-300');
    else if (word && BUILTINS.has(word)) push(text, 'text-sky-300');
    else if (number) push(text, 'text-amber-300');
    else plain += text;
  }
  flush();
  return out;
}

/** A sample script in a dark editor frame: <pre><code>, keyboard-scrollable when lines overflow. */
export function CodeSample({ code, fileName, label, className }: { code: string; fileName: string; label: string; className?: string }) {
  return (
    <figure className={cn('overflow-hidden rounded-2xl bg-[#0d1117] text-left ring-1 ring-white/10', className)}>
      <figcaption className="flex items-center gap-2 border-b border-white/10 bg-white/5 px-4 py-2">
        <span aria-hidden className="h-3 w-3 rounded-full bg-rose-400/80" />
        <span aria-hidden className="h-3 w-3 rounded-full bg-amber-400/80" />
        <span aria-hidden className="h-3 w-3 rounded-full bg-emerald-400/80" />
        <span className="ml-2 font-mono text-xs text-slate-300">{fileName}</span>
      </figcaption>
      <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-violet-300">
        <pre className="p-4 font-mono text-[13px] leading-relaxed text-slate-100 sm:p-5 sm:text-sm">
          <code>{highlight(code)}</code>
        </pre>
      </div>
    </figure>
  );
}
