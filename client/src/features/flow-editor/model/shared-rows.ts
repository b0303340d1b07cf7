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

export function createRowSharer<T extends { id: string }>() {
  const fingerprints = new WeakMap<T, string>();
  const fingerprint = (row: T) => {
    let known = fingerprints.get(row);
    if (known === undefined) {
      known = stableJson(row);
      fingerprints.set(row, known);
    }
    return known;
  };
  let previous: T[] = [];
  return (next: T[]): T[] => {
    const byId = new Map(previous.map((row) => [row.id, row]));
    let same = next.length === previous.length;
    const shared = next.map((row, index) => {
      const old = byId.get(row.id);
      const kept = old !== undefined && fingerprint(old) === fingerprint(row) ? old : row;
      if (kept !== previous[index]) same = false;
      return kept;
    });
    if (!same) previous = shared;
    return previous;
  };
}
