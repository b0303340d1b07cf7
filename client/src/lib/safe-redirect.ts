/**
 * Where to land after signing in (`/login?redirect=`): only a path of this app. Anything that could leave the origin
 * is refused — an absolute address (`https://…`), a scheme (`javascript:`), a protocol-relative `//host` or its
 * backslash spellings, which browsers read as `//` — so the parameter cannot be used as an open redirect. The
 * sign-in and sign-up screens are refused too (landing there again would loop).
 */
const BASE = 'https://canalize.invalid';
const AUTH_PATHS = new Set(['/login', '/register']);

export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return undefined;
  // Blanks, control characters and backslashes: URL parsers strip or rewrite them, so `/\evil.com` becomes `//evil.com`.
  if (value.startsWith('//') || value.includes('\\') || [...value].some((char) => char <= ' ' || char === '\u007f')) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE || AUTH_PATHS.has(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login screen's search for a visit of `href`: the dashboard is where signing in lands anyway, so no parameter. */
export function loginSearch(href: string): { redirect?: string } {
  const path = href.split(/[?#]/, 1)[0];
  return path === '/dashboard' || path === '/' ? {} : { redirect: href };
}
