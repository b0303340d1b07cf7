/**
 * The tracking script a landing page loads (`GET /api/js/{uuid}.js`, docs/decisions.md#funnel-tracking). Plain ES5,
 * no dependencies, well under 3 KB gzipped. What it does on the page:
 * - one page view per load: visit id (a random UUID kept in sessionStorage per funnel), URL, referrer, `_fbp` and
 *   `_fbc`, sent with sendBeacon (fetch keepalive as a fallback) as text/plain JSON, a CORS-simple request;
 * - `_fbc` made from fbclid the way Meta's pixel does when the URL has one and the cookie is missing or holds another
 *   fbclid: `fb.1.<ms>.<fbclid>`, 90 days, on the widest domain the browser accepts (the landing's site);
 * - a click on a link to the funnel's Telegram link (or any element with `data-canalize-funnel`) records the click;
 *   when the funnel has a pixel it waits (at most 1.5 s) for the per-visit invite link the server answers and opens
 *   that one, falling back to the original link on a timeout or an error.
 * - a link to a checkout of Hotmart, Kiwify or Eduzz (or any link with `data-canalize-checkout`) gets `src=cz<visit>`
 *   when it has no `src`: the gateway hands it back in its webhook, and the paid access it creates is attributed to
 *   this visit (funnel sales, the Purchase event matched to the ad; docs/decisions.md#paid-access).
 * An inactive funnel's script does nothing.
 */

/** The checkout hosts whose links carry the visit (their webhooks return `src`). */
export const CHECKOUT_HOSTS = /(^|\.)(hotmart\.com|kiwify\.com\.br|kiwify\.app|eduzz\.com)$/;

/** The `src` a checkout link carries for a visit, and back: `cz` and the visit id's 32 hex digits. */
export const checkoutSource = (visitId: string) => `cz${visitId.replaceAll('-', '')}`;
export function visitOfSource(source: string | undefined): string | undefined {
  const hex = /^cz([0-9a-f]{32})$/i.exec(source ?? '')?.[1]?.toLowerCase();
  return hex ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` : undefined;
}

export type ScriptConfig = {
  /**
   * Where the calls go: `${PUBLIC_URL}/api/t/${uuid}`, or without PUBLIC_URL the path alone, which the script resolves
   * against its own address (document.currentScript): a public, cacheable body never holds a Host header's value.
   */
  endpoint: string;
  /** The funnel's invite link: links with this href are the funnel's. */
  link: string;
  uuid: string;
  active: boolean;
  pixel: boolean;
};

// `__C__` is replaced by the JSON config. Kept readable; whitespace is stripped when served.
const SOURCE = `(function(){
var C=__C__,w=window,d=document,n=navigator,S=d.currentScript;
if(!C.a)return;
if(C.e.charAt(0)==="/"&&S&&S.src)try{C.e=new URL(C.e,S.src).href}catch(e){}
var K="canalize_visit_"+C.u,v;
function id(){if(w.crypto&&crypto.randomUUID)return crypto.randomUUID();var b=crypto.getRandomValues(new Uint8Array(16)),h="",i;b[6]=b[6]&15|64;b[8]=b[8]&63|128;for(i=0;i<16;i++){h+=(b[i]+256).toString(16).slice(1);if(i==3||i==5||i==7||i==9)h+="-"}return h}
try{v=sessionStorage.getItem(K);if(!v){v=id();sessionStorage.setItem(K,v)}}catch(e){v=id()}
function ck(k){var m=d.cookie.match(new RegExp("(?:^|; )"+k+"=([^;]*)"));return m?decodeURIComponent(m[1]):void 0}
var f=null;try{f=new URLSearchParams(location.search).get("fbclid")}catch(e){}
if(f){var o=ck("_fbc");if(!o||o.split(".").slice(3).join(".")!==f){var val="fb.1."+Date.now()+"."+f,exp="; max-age=7776000; path=/; SameSite=Lax",p=location.hostname.split("."),i;
for(i=p.length-2;i>=0;i--){if(/^[0-9.]+$/.test(location.hostname)||p.length<2)break;d.cookie="_fbc="+val+exp+"; domain=."+p.slice(i).join(".");if(ck("_fbc")===val)break}
if(ck("_fbc")!==val)d.cookie="_fbc="+val+exp}}
function body(x){x.visitId=v;var p=ck("_fbp"),c=ck("_fbc");if(p)x.fbp=p.slice(0,512);if(c)x.fbc=c.slice(0,512);return JSON.stringify(x)}
function beacon(k,x){var u=C.e+"/"+k,b=body(x);try{if(n.sendBeacon&&n.sendBeacon(u,b))return}catch(e){}try{fetch(u,{method:"POST",body:b,keepalive:true,headers:{"content-type":"text/plain"}})}catch(e){}}
beacon("pageview",{url:location.href.slice(0,2048),referrer:d.referrer.slice(0,2048)});
function same(h){return h&&h.replace(/\\/+$/,"")===C.l.replace(/\\/+$/,"")}
function co(a){try{var u=new URL(a.href);if(!(__H__.test(u.hostname)||a.hasAttribute("data-canalize-checkout"))||u.searchParams.get("src"))return;u.searchParams.set("src","cz"+v.replace(/-/g,""));a.href=u.href}catch(e){}}
function all(){var l=d.querySelectorAll("a[href]"),i;for(i=0;i<l.length;i++)co(l[i])}
if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",all);else all();
d.addEventListener("mousedown",function(ev){var el=ev.target;while(el&&el.tagName!=="A")el=el.parentNode;if(el&&el.href)co(el)},true);
d.addEventListener("click",function(ev){var el=ev.target,a=el;while(a&&a.tagName!=="A")a=a.parentNode;if(a&&a.href)co(a);while(el&&el!==d&&!(el.hasAttribute&&el.hasAttribute("data-canalize-funnel"))&&!(el.tagName==="A"&&same(el.href)))el=el.parentNode;
if(!el||el===d||ev.defaultPrevented||ev.button)return;
var to=el.tagName==="A"&&el.href?el.href:C.l,nw=el.target==="_blank"||ev.ctrlKey||ev.metaKey;
if(!C.p){beacon("click",{});return}
ev.preventDefault();var win=nw?w.open("","_blank"):null,done=false;
function go(u){if(done)return;done=true;if(win)win.location.href=u;else location.href=u}
setTimeout(function(){go(to)},1500);
try{fetch(C.e+"/click",{method:"POST",body:body({}),headers:{"content-type":"text/plain"}}).then(function(r){return r.ok?r.json():{}}).then(function(j){go(j&&j.link||to)},function(){go(to)})}catch(e){go(to)}
},true)})();`;

const MINIFIED = SOURCE.split('\n').map((line) => line.trim()).join('');

/** The script for one funnel; `<` is escaped in the config so no value can close a script element. */
export function trackingScript(config: ScriptConfig): string {
  const json = JSON.stringify({ e: config.endpoint, l: config.link, u: config.uuid, a: config.active ? 1 : 0, p: config.pixel ? 1 : 0 }).replace(/</g, '\\u003c');
  return MINIFIED.replace('__H__', () => `/${CHECKOUT_HOSTS.source}/`).replace('__C__', () => json);
}
