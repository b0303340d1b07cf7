/**
 * Structural sharing for the live graph: every Dexie live-query tick reads fresh objects for all 500 nodes, and
 * the canvas memoises cards by object identity. Keeping the previous object of each unchanged row (and the
 * previous array when nothing changed at all) means a tick re-renders only the cards whose rows really changed.
 */

/** JSON with object keys sorted: the server's JSONB reorders keys, which is not a change. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Plain JSON first (fast, and what a re-read of the same row gives); sorted keys only when that differs. */
function memoised(json: (row: object) => string) {
  const known = new WeakMap<object, string>();
  return (row: object) => {
    let text = known.get(row);
    if (text === undefined) {
      text = json(row);
      known.set(row, text);
    }
    return text;
  };
}

export function createRowSharer<T extends { id: string }>() {
  const plain = memoised((row) => JSON.stringify(row));
  const sorted = memoised(stableJson);
  const same = (a: T, b: T) => plain(a) === plain(b) || sorted(a) === sorted(b);
  let previous: T[] = [];
  return (next: T[]): T[] => {
    const byId = new Map(previous.map((row) => [row.id, row]));
    let unchanged = next.length === previous.length;
    const shared = next.map((row, index) => {
      const old = byId.get(row.id);
      const kept = old !== undefined && same(old, row) ? old : row;
      if (kept !== previous[index]) unchanged = false;
      return kept;
    });
    if (!unchanged) previous = shared;
    return previous;
  };
}
