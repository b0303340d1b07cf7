/** Whether a key's scopes allow an area's reads or writes: `*` stands for every area, a write scope gives the reads too. */
import type { ApiKeyArea, ApiKeyScope } from './schemas.ts';

export function scopeAllows(scopes: readonly ApiKeyScope[], area: ApiKeyArea, write: boolean): boolean {
  const wanted: readonly ApiKeyScope[] = write ? [`${area}:write`, '*:write'] : [`${area}:read`, `${area}:write`, '*:read', '*:write'];
  return scopes.some((scope) => wanted.includes(scope));
}
