/**
 * The stars' click handler until the page has hydrated (docs/decisions.md#favourites-without-an-account),
 * inlined in the public layout: it toggles `[{ id, seen }]` under `favourites` as web/lib/favourites.ts
 * does, and stops the click so React does not replay it once hydrated. Plain ES5, no imports: it runs
 * as parsed, before any module. After hydration it steps aside (`data-hydrated`, web/root.tsx).
 */
export const EARLY_STAR_SCRIPT =
  "document.addEventListener('click',function(e){" +
  "if(document.documentElement.dataset.hydrated)return;" +
  "var b=e.target&&e.target.closest&&e.target.closest('[data-fav]');if(!b)return;" +
  'e.preventDefault();e.stopImmediatePropagation();' +
  "var k='favourites',l,id=+b.getAttribute('data-fav'),v=+b.getAttribute('data-fav-v');" +
  "try{l=JSON.parse(localStorage.getItem(k)||'[]')}catch(x){l=[]}" +
  'if(!Array.isArray(l))l=[];' +
  'var n=l.filter(function(f){return !f||f.id!==id}),on=n.length===l.length;' +
  'if(on)n.unshift({id:id,seen:v});' +
  "try{localStorage.setItem(k,JSON.stringify(n.slice(0,100)));b.setAttribute('aria-pressed',String(on))}catch(x){}" +
  '},true);';
