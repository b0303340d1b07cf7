export type TextEdit = { value: string; cursor: number };

/**
 * Replaces the selection [start, end) of `value` with `insertion` and puts the caret right after it, so a variable
 * chip lands where the user was typing (docs/product.md#screen-channel) instead of at the end. Out-of-range or reversed positions (a
 * field that was never focused reports its length, or 0) are clamped.
 */
export function insertAtCursor(value: string, start: number | null | undefined, end: number | null | undefined, insertion: string): TextEdit {
  const from = clamp(start ?? value.length, value.length);
  const to = Math.max(from, clamp(end ?? from, value.length));
  return { value: value.slice(0, from) + insertion + value.slice(to), cursor: from + insertion.length };
}

const clamp = (position: number, length: number) => Math.min(Math.max(0, Math.trunc(position)), length);
