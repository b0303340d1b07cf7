/** Ids in paths are user input: a malformed uuid is "not found", never a database cast error (500). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * A uuid derived from a name (sha-256, shaped as a version 8 uuid): the same name, the same id. A flow execution
 * started by an update is named after it, so a new owner redoing that update (docs/decisions.md#scale-out) writes
 * the same execution and its delay is not scheduled twice.
 */
export function stableUuid(name: string): string {
  const hex = new Bun.CryptoHasher('sha256').update(name).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
