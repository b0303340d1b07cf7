/**
 * Phone numbers to digits with the country code (E.164 without the plus), the form Meta's matching hashes.
 * Brazilian checkouts usually send DDD + number without the country: 10 or 11 digits get 55 in front.
 * A number that cannot be read is dropped (the phone is optional), never a reason to refuse a purchase.
 */
import { PURCHASE_EVENT_LIMITS } from '@shared/access/webhook-event.ts';

const BRAZIL = '55';

export function normalizePhone(raw: unknown, countryCode?: unknown): string | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const source = String(raw).trim();
  let digits = source.replace(/\D/g, '');
  if (digits === '') return undefined;
  const country = typeof countryCode === 'string' || typeof countryCode === 'number' ? String(countryCode).replace(/\D/g, '') : '';
  if (source.startsWith('+')) {
    // already international
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else if (country !== '' && !digits.startsWith(country)) {
    digits = country + digits;
  } else if (country === '' && (digits.length === 10 || digits.length === 11)) {
    digits = BRAZIL + digits;
  }
  const { phoneDigitsMin, phoneDigitsMax } = PURCHASE_EVENT_LIMITS;
  return digits.length >= phoneDigitsMin && digits.length <= phoneDigitsMax ? digits : undefined;
}
