/**
 * Readers for the routes' `validateSearch`. They run in the route tree, which the first screen downloads, so they
 * are a few lines of plain code instead of zod schemas (which would bring zod into /login). A value of the wrong
 * kind reads as absent, so a hand-edited address falls back to no filter instead of an error page.
 */

/** A non-empty string, else undefined. */
export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A whole number ≥ 1 (the router hands `?page=2` over as the number 2, `?page="2"` as a string), else undefined. */
export function optionalPage(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? number : undefined;
}
