/** The shape of a line of the route fixtures (route-fixtures.ts), shared by its parts. */
import type { z } from 'zod';
import type { Tenant } from './tenant-scene.ts';

export type Input<T> = { schema?: z.ZodType; valid: (own: Tenant) => T };
/** A request aimed at the victim: path params (default: the victim's ids), body, query. */
export type CrossTenantRequest = {
  label: string;
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  /** A creation with the victim's id as its own: answered like a malformed id, never as "exists" (no id probing). */
  takenId?: boolean;
};

export type RouteFixture = {
  /** Why the route is not per-tenant (the tenant matrix skips it; the bad-input corpus does not). */
  public?: string;
  body?: Input<unknown>;
  query?: Input<Record<string, string>>;
  /** Requests carrying the victim's ids outside the path; the path attack is always made when the route has params. */
  crossTenant?: (victim: Tenant, attacker: Tenant) => CrossTenantRequest[];
  /** Covered by the mutation matrix (mutation-fixtures.ts) rather than by one request. */
  viaMutations?: true;
  /** Why the route ends every session of its caller: the tenant matrix calls it as a throwaway account of its own. */
  endsSessions?: string;
};

export const PASSWORD = 'segredo1';
