/**
 * The language choice, inlined in every page's <head> by web/root.tsx on the server only, so it costs
 * the browser's bundles nothing (docs/decisions/0045-languages.md). No imports; written short.
 *
 * - A click on `[data-reading]` (the header's switch, the offer's link or its refusal) remembers the
 *   reading in the `reading` cookie for a year: `en`, `ru`, or `spec` for "stay on these pages".
 * - On an unprefixed public page (one with the public layout's `#content`), once the document is
 *   parsed, it adds the offer to the end of <body> (React 19's hydration passes over a tag added there):
 *   the remembered language's, or, with nothing remembered, the Russian one when the browser's first
 *   language is Russian. The offer links to the same path and query in that language; its refusal
 *   removes it and is remembered.
 * The server never reads the cookie: the page is the same for everyone, and only this script differs in
 * what it shows.
 */
export interface OfferTexts {
  read: string;
  dismiss: string;
}

// Tailwind finds these classes here: the offer is fixed at the bottom, so showing it shifts nothing.
const BAR = 'pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4';
const OFFER = 'pointer-events-auto flex items-center gap-3 rounded-full bg-panel px-4 py-2 text-sm text-slate-100 shadow-lg ring-1 ring-white/15';
const LINK = 'font-semibold text-violet-300 underline';
const REFUSE = 'text-slate-300 hover:text-white';

/** The script for a page, with the offers' texts (the same in every reading: each in its own language). */
export function readingScript(offers: Readonly<Record<'en' | 'ru', OfferTexts>>): string {
  const texts = JSON.stringify({ en: [offers.en.read, offers.en.dismiss], ru: [offers.ru.read, offers.ru.dismiss] }).replace(/</g, '\\u003c');
  return [
    '(()=>{',
    `const T=${texts},C=${JSON.stringify([BAR, OFFER, LINK, REFUSE])},`,
    "get=()=>(document.cookie.match(/(?:^|; )reading=(\\w+)/)||[])[1],",
    "set=v=>{document.cookie='reading='+v+';path=/;max-age=31536000;samesite=lax'},",
    "el=(t,c,x)=>{const e=document.createElement(t);e.className=c;if(x)e.textContent=x;return e};",
    "addEventListener('click',e=>{const a=e.target.closest?.('[data-reading]');if(!a)return;set(a.dataset.reading);",
    "if(a.dataset.reading=='spec')document.getElementById('reading-offer')?.remove()});",
    "addEventListener('DOMContentLoaded',()=>{const p=location.pathname;",
    "if(!document.getElementById('content')||/^\\/(en|ru)(\\/|$)/.test(p))return;",
    "const l=get()||(/^ru\\b/i.test(navigator.language||'')?'ru':''),t=T[l];if(!t)return;",
    "const d=el('div',C[0]),o=el('p',C[1]),a=el('a',C[2],t[0]),b=el('button',C[3],t[1]);",
    "d.id='reading-offer';o.lang=l;o.dataset.offer=l;a.href='/'+l+(p=='/'?'':p.replace(/^\\/+/,'/'))+location.search;",
    "a.hreflang=l;a.dataset.reading=l;b.type='button';b.dataset.reading='spec';o.append(a,b);d.append(o);document.body.append(d)})",
    '})()',
  ].join('');
}
