/**
 * Every star's click handler and pressed state (docs/decisions/0043-favourites-without-an-account.md), inlined
 * in the document's <head> by web/root.tsx on the server only, so it costs the browser's bundles nothing
 * and runs before any module, from the first byte of the body on. No imports; the syntax of the app's own
 * bundles (which need more than it does), written short: it is in every page's HTML.
 *
 * - A click on `[data-star]` (a card's or the script page's star, web/components/favourites/Star.tsx)
 *   toggles `{ id, seen }` in localStorage's `favourites` (newest first, at most 100; `seen` is the star's
 *   `data-version`), before and after hydration alike: React has no handler on the star.
 * - Every star in the page, and every one added later (Load More, a navigation, /favourites' list) or
 *   given another script (`data-star` changed), gets `aria-pressed` from storage through a
 *   MutationObserver. React renders `aria-pressed="false"` as a constant, so it never writes it again.
 * - A star marked `data-opened` (the script page's) records its `data-version` as seen when starred.
 * - Each write is told on window as a `favourites` event (the header's count listens); another tab's
 *   write arrives as a `storage` event.
 */
export const EARLY_STAR_SCRIPT = [
  '(()=>{',
  "const K='favourites',",
  "read=()=>{try{const l=JSON.parse(localStorage.getItem(K)||'[]');return Array.isArray(l)?l:[]}catch{return[]}},",
  'save=l=>{try{localStorage.setItem(K,JSON.stringify(l.slice(0,100)))}catch{}dispatchEvent(new Event(K))},',
  'at=(l,b)=>l.findIndex(f=>f&&f.id==b.dataset.star),',
  "mark=()=>{const s=document.querySelectorAll('[data-star]');if(!s.length)return;const l=read();let c;",
  "for(const b of s){const j=at(l,b),v=+b.dataset.version;b.setAttribute('aria-pressed',j>=0);",
  'if(j>=0&&b.dataset.opened&&l[j].seen<v)l[j].seen=v,c=1}c&&save(l)};',
  "addEventListener('click',e=>{const b=e.target.closest?.('[data-star]');if(!b)return;",
  'const l=read(),j=at(l,b);j<0?l.unshift({id:+b.dataset.star,seen:+b.dataset.version}):l.splice(j,1);save(l);mark()});',
  "new MutationObserver(mark).observe(document.documentElement,{childList:true,subtree:true,attributes:true,attributeFilter:['data-star']});",
  "addEventListener('storage',e=>e.key==K&&mark())",
  '})()',
].join('');
