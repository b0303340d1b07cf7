/**
 * The path of a request's URL, read from the string: no URL object per request, and no throw when the Host header
 * that Bun put in the URL is malformed (the host gate refuses such requests, but what runs before or after it —
 * the error handler above all — must not fail on them).
 */
export function pathOf(url: string): string {
  // With a Host it cannot use, Bun leaves the URL as the request target alone ("/login").
  const start = url.startsWith('/') ? 0 : url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const end = url.slice(start).search(/[?#]/);
  return end < 0 ? url.slice(start) : url.slice(start, start + end);
}
