/**
 * The language choice, inlined in every page's <head> by web/root.tsx on the server only, so it costs
 * the browser's bundles nothing (docs/decisions.md#languages). No imports; written short.
 *
 * - A click on `[data-reading]` (the header's switch, an offer's link or its refusal) remembers the
 *   reading in the `reading` cookie for a year: `en`, `ru`, or `spec` for "stay on these pages".
 * - On an unprefixed page, once the document is parsed, the offer (web/components/layout/ReadingOffer.tsx)
 *   for the remembered language is shown; with nothing remembered, the Russian one when the browser's
 *   first language is Russian. A refusal hides it and is remembered.
 * The server never reads the cookie: the page is the same for everyone, and only this script differs in
 * what it shows.
 */
export const READING_SCRIPT = [
  '(()=>{',
  "const C='reading',get=()=>(document.cookie.match(/(?:^|; )reading=(\\w+)/)||[])[1],",
  "set=v=>{document.cookie=C+'='+v+';path=/;max-age=31536000;samesite=lax'};",
  "addEventListener('click',e=>{const a=e.target.closest?.('[data-reading]');if(!a)return;set(a.dataset.reading);",
  "if(a.dataset.reading=='spec')for(const p of document.querySelectorAll('[data-offer]'))p.hidden=true});",
  "addEventListener('DOMContentLoaded',()=>{const c=get(),l=c||(/^ru\\b/i.test(navigator.language||'')?'ru':'');",
  "const p=l&&l!='spec'&&document.querySelector('[data-offer=\"'+l+'\"]');p&&(p.hidden=false)})",
  '})()',
].join('');
