/**
 * Which area of the role matrix (shared/team/permissions.ts) each signed-in API prefix belongs to: the auth guard
 * refuses a request whose area the member's role lacks, so a route is covered the day it is added under a prefix.
 * A prefix missing here counts as `workspace` (owners only): a new route group is closed to admins and agents until
 * it is listed, never open by omission. The longest matching prefix wins; a `:name` segment matches any one segment.
 */
import type { ApiKeyArea } from '@shared/api-keys/schemas.ts';
import type { Area } from '@shared/team/permissions.ts';

export const API_AREAS: Readonly<Record<string, Area>> = {
  '/api/auth': 'account',
  '/api/account': 'account',
  '/api/account/export': 'workspace',
  '/api/messages': 'inbox',
  '/api/quick-replies': 'inbox',
  '/api/events': 'inbox',
  '/api/sync': 'inbox',
  '/api/push': 'inbox',
  '/api/media': 'inbox',
  '/api/contacts': 'contacts',
  '/api/contacts/:id/export': 'contactData',
  '/api/contacts/:id/data': 'contactData',
  // The list as a file and imports into it: every member who works the contacts (new labels only for label managers).
  '/api/contacts/export.csv': 'contacts',
  '/api/contacts/imports': 'contacts',
  // Every member reads labels and applies them; managing them is the `labels` area's, checked by the label routes.
  '/api/labels': 'contacts',
  '/api/dashboard': 'dashboard',
  '/api/bots': 'bots',
  '/api/channels': 'bots',
  '/api/flows': 'flows',
  '/api/analytics': 'flows',
  '/api/broadcasts': 'broadcasts',
  '/api/funnels': 'funnels',
  '/api/pixels': 'pixels',
  '/api/access': 'access',
  '/api/webhooks': 'webhooks',
  '/api/team': 'members',
  '/api/team/workspace': 'workspace',
  '/api/team/leave': 'account',
  '/api/api-keys': 'apiKeys',
};

/**
 * Prefixes every member reads whose writes (any method but GET) need another area: the quick replies the whole team
 * uses, managed by owners and admins.
 */
export const API_WRITE_AREAS: Readonly<Record<string, Area>> = {
  '/api/quick-replies': 'quickReplies',
};

const segmentsOf = (path: string) => path.split('/').slice(1);

/** Longest first, by segments: a more specific prefix is tried before the one it extends. */
const prefixesOf = (areas: Readonly<Record<string, Area>>) =>
  Object.entries(areas)
    .map(([prefix, area]) => ({ segments: segmentsOf(prefix), area }))
    .sort((a, b) => b.segments.length - a.segments.length);

const PREFIXES = prefixesOf(API_AREAS);

const WRITE_PREFIXES = prefixesOf(API_WRITE_AREAS);

const matchOf = (prefixes: typeof PREFIXES, path: string) => {
  const segments = segmentsOf(path);
  return prefixes.find((prefix) =>
    prefix.segments.length <= segments.length && prefix.segments.every((part, index) => part.startsWith(':') || part === segments[index]));
};

export function areaOfPath(path: string): Area {
  return matchOf(PREFIXES, path)?.area ?? 'workspace';
}

/** The area a request needs: its path's, or for a write under API_WRITE_AREAS that one. */
export function areaOfRequest(method: string, path: string): Area {
  const write = method === 'GET' || method === 'HEAD' ? undefined : matchOf(WRITE_PREFIXES, path);
  return write?.area ?? areaOfPath(path);
}

/**
 * The scope area an API key needs, by the role area of the request (a string key, so an area added later stays
 * closed to keys until it is listed). Areas missing here (account, members, roles, the workspace, the dashboard, a
 * contact's data on request, the keys themselves) are never reached with a key, whatever its scopes.
 */
const API_KEY_SCOPE_AREAS: Readonly<Record<string, ApiKeyArea>> = {
  inbox: 'messages', quickReplies: 'messages', contacts: 'contacts', labels: 'contacts', bots: 'bots', flows: 'flows',
  broadcasts: 'broadcasts', funnels: 'funnels', pixels: 'pixels', access: 'access', webhooks: 'webhooks',
};

/** Prefixes a key never reaches although their role area maps: the offline sync, and web push (a browser's own). */
const API_KEY_CLOSED = prefixesOf({ '/api/sync': 'inbox', '/api/push': 'inbox' });

/** What a request made with an API key needs: an area and read or write (GET and HEAD read), or undefined: never. */
export function apiKeyScopeOf(method: string, path: string): { area: ApiKeyArea; write: boolean } | undefined {
  if (matchOf(API_KEY_CLOSED, path)) return undefined;
  const area = API_KEY_SCOPE_AREAS[areaOfRequest(method, path)];
  return area ? { area, write: method !== 'GET' && method !== 'HEAD' } : undefined;
}
