/**
 * Amounts to integer cents without binary floating point: 97.9 × 100 is 9790.000000000002 in IEEE 754, so the
 * decimal text of the number is split instead. More than two decimals round half up (0.30000000000000004 → 30).
 */
const DECIMAL = /^(\d{1,13})(?:\.(\d+))?$/;
const INTEGER = /^\d{1,15}$/;

/** The shortest decimal text of a number; tiny values print as 1e-7, so those are written out in full. */
function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  const shortest = String(value);
  return shortest.includes('e') ? value.toFixed(20) : shortest;
}

/** An amount in currency units (number or decimal text, dot as separator) → cents; undefined when not one. */
export function unitsToCents(value: unknown): number | undefined {
  const source = typeof value === 'number' ? numberText(value) : typeof value === 'string' ? value.trim() : '';
  const match = DECIMAL.exec(source);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const cents = whole * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** An amount already in cents (integer number or digit text, as Kiwify sends it) → cents; undefined otherwise. */
export function centsValue(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value === 'string' && INTEGER.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** An ISO 4217 code (three letters, any case) upper-cased; anything else is dropped rather than refused. */
export function currencyCode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : undefined;
}
