/**
 * Gateway dates to ISO 8601 instants (UTC). Hotmart sends epoch milliseconds; Kiwify and Eduzz send ISO text, and
 * Kiwify also "YYYY-MM-DD HH:mm" without a zone, which is Brasília time (UTC−3, no daylight saving since 2019).
 * A date without a time is that whole day in Brasília: its end for a paid-until date, its start otherwise.
 */
const BRASILIA = '-03:00';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
/** Epoch milliseconds between 2000 and 2200: a plausible date, not a stray number. */
const EPOCH_MS_MIN = 946_684_800_000;
const EPOCH_MS_MAX = 7_258_118_400_000;

function iso(candidate: string): string | undefined {
  const parsed = Date.parse(candidate);
  if (!Number.isFinite(parsed) || parsed < EPOCH_MS_MIN || parsed > EPOCH_MS_MAX) return undefined;
  return new Date(parsed).toISOString();
}

export function toInstant(value: unknown, options: { endOfDay?: boolean } = {}): string | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= EPOCH_MS_MIN && value <= EPOCH_MS_MAX ? new Date(value).toISOString() : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const source = value.trim();
  if (/^\d{12,13}$/.test(source)) return toInstant(Number(source), options);
  if (DATE_ONLY.test(source)) return iso(`${source}T${options.endOfDay ? '23:59:59.999' : '00:00:00'}${BRASILIA}`);
  const local = LOCAL_DATE_TIME.exec(source);
  if (local) return iso(`${local[1]}T${local[2]}${BRASILIA}`);
  return ZONED.test(source) ? iso(source) : undefined;
}
