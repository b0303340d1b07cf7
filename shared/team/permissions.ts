/**
 * The role matrix of a workspace ("Equipe"), the one both sides read: the server refuses what a role cannot do
 * (403 ROLE_FORBIDDEN, http/route-areas.ts maps each API prefix to an area, the sync push each mutation), the client
 * hides it (navigation, actions). Owner: everything. Admin: everything but members' roles and deleting the
 * workspace. Agent: the inbox and contacts (read, reply), nothing that configures the workspace.
 */
export const ROLES = ['owner', 'admin', 'agent'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: 'Proprietário', admin: 'Administrador', agent: 'Atendente' };

/**
 * What a role may touch. `account`: the signed-in person's own session, password, account and workspace switching;
 * `inbox`: conversations, replies, live events, web push, uploads for replies; `contactData`: a contact's data on
 * request (LGPD export and erasure); `quickReplies`: managing the saved replies every member reads; `labels`: creating,
 * renaming, recolouring and deleting the workspace's labels (every member applies them to contacts, under `contacts`);
 * `access`: paid-access plans, the accesses they grant and their webhooks' log; `webhooks`: outgoing webhooks (their secrets); `members`: the member list, invitations and removals; `memberRoles`: changing roles and inviting owners;
 * `workspace`: deleting the workspace and exporting all of its data; `apiKeys`: creating and revoking the workspace's API keys.
 */
export const AREAS = [
  'account', 'inbox', 'contacts', 'contactData', 'quickReplies', 'labels', 'dashboard', 'bots', 'flows', 'broadcasts', 'funnels', 'pixels', 'access', 'webhooks', 'members',
  'memberRoles', 'workspace', 'apiKeys',
] as const;
export type Area = (typeof AREAS)[number];

const AGENT_AREAS: readonly Area[] = ['account', 'inbox', 'contacts'];
const ADMIN_AREAS: readonly Area[] = AREAS.filter((area) => area !== 'memberRoles' && area !== 'workspace');

export const ROLE_AREAS: Record<Role, ReadonlySet<Area>> = {
  owner: new Set(AREAS),
  admin: new Set(ADMIN_AREAS),
  agent: new Set(AGENT_AREAS),
};

export const can = (role: Role, area: Area): boolean => ROLE_AREAS[role].has(area);

/**
 * The area of each offline mutation, by the prefix of its name (`contact.update` → contacts). A mutation whose prefix
 * is missing here belongs to no area a non-owner holds: it is refused to agents and admins until it is listed.
 */
const MUTATION_AREAS: Record<string, Area> = {
  bot: 'bots',
  welcome: 'bots',
  flow: 'flows',
  node: 'flows',
  connection: 'flows',
  broadcast: 'broadcasts',
  contact: 'contacts',
  label: 'labels',
  message: 'inbox',
  conversation: 'inbox',
  note: 'inbox',
};

export const mutationArea = (name: string): Area => MUTATION_AREAS[name.split('.')[0] ?? ''] ?? 'workspace';

export const canMutate = (role: Role, name: string): boolean => can(role, mutationArea(name));

/**
 * The area whose role may read a synced table's rows (GET /sync/pull): bots and channels name the inbox's
 * conversations, so every role reads them; what configures the bots' behaviour is for who may edit it.
 */
const SYNC_TABLE_AREAS: Record<string, Area> = { welcomeMessages: 'bots', flows: 'flows', flowNodes: 'flows', flowConnections: 'flows' };

export const canReadTable = (role: Role, table: string): boolean => can(role, SYNC_TABLE_AREAS[table] ?? 'inbox');

/** The rank a role gives over members: an admin manages agents and admins, never an owner. */
export const outranks = (actor: Role, target: Role): boolean => actor === 'owner' || (actor === 'admin' && target !== 'owner');
