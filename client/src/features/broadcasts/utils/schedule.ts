/**
 * The scheduling field is a datetime-local input: wall-clock time in the user's time zone, no offset. The server
 * takes an ISO instant with an offset, so the form converts both ways with the browser's zone (Date does exactly
 * this for a string without offset).
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant → the input's `YYYY-MM-DDTHH:mm` in the local zone ('' for none or an invalid date). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The input's local wall-clock value → an ISO instant (UTC), or undefined when blank or unreadable. */
export function fromLocalInput(local: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The earliest value the input offers: the current minute. */
export const minLocalInput = (now = Date.now()) => toLocalInput(new Date(now).toISOString());
