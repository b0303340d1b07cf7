/** The route fixtures (route-fixtures.ts) of the probes, sign-up and sign-in, workspaces and team, password reset and Minha conta. */
import { changePasswordInputSchema, deleteAccountInputSchema } from '@shared/account/schemas.ts';
import { loginInputSchema, logoutInputSchema, refreshInputSchema, registerInputSchema } from '@shared/auth/schemas.ts';
import { passwordResetCheckInputSchema, passwordResetInputSchema, passwordResetRequestInputSchema } from '@shared/auth/password-reset.ts';
import { createInvitationInputSchema, switchWorkspaceInputSchema, updateMemberInputSchema } from '@shared/team/schemas.ts';
import { auditQuerySchema } from '@shared/audit/schemas.ts';
import { deleteWorkspaceInputSchema, renameWorkspaceInputSchema } from '@shared/team/workspace-schemas.ts';
import { createApiKeyInputSchema } from '@shared/api-keys/schemas.ts';
import { PASSWORD, type RouteFixture } from './route-fixture-types.ts';

export const ACCOUNT_ROUTE_FIXTURES: Record<string, RouteFixture> = {
  'GET /api/health': { public: 'liveness probe: no user data' },
  'GET /api/ready': { public: 'readiness probe: database and migrations, no user data' },
  'POST /api/auth/register': {
    public: 'creates an account: there is no tenant yet',
    body: { schema: registerInputSchema, valid: () => ({ name: 'Novo Usuário', email: `${crypto.randomUUID().slice(0, 8)}@exemplo.com`, password: PASSWORD }) },
  },
  'POST /api/auth/login': { public: 'the credentials are the authentication', body: { schema: loginInputSchema, valid: (own) => ({ email: own.email, password: PASSWORD }) } },
  'POST /api/auth/refresh': { public: 'the refresh token is the credential', body: { schema: refreshInputSchema, valid: (own) => ({ refreshToken: own.refreshToken }) } },
  'POST /api/auth/logout': { public: 'the refresh token is the credential', body: { schema: logoutInputSchema, valid: (own) => ({ refreshToken: own.refreshToken }) } },
  'GET /api/auth/me': {},
  'POST /api/auth/workspace': {
    body: { schema: switchWorkspaceInputSchema, valid: (own) => ({ workspaceId: own.userId }) },
    crossTenant: (victim) => [{ label: "victim's workspace", body: { workspaceId: victim.userId } }],
  },
  'GET /api/team/invitations/:token': { public: 'the invitation link is the credential: answers the workspace name, the role and the expiry only' },
  'POST /api/team/invitations/:token/accept': { public: 'the invitation link is the credential: whoever holds it may join, once (team.test.ts)' },
  'POST /api/team/invitations': { body: { schema: createInvitationInputSchema, valid: () => ({ role: 'agent', email: 'convidado@exemplo.com' }) } },
  'GET /api/team/members': {},
  'PATCH /api/team/members/:userId': { body: { schema: updateMemberInputSchema, valid: () => ({ role: 'admin' }) } },
  'DELETE /api/team/members/:userId': {},
  'GET /api/team/audit': { query: { schema: auditQuerySchema, valid: () => ({ limit: '10', action: 'bot' }) } },
  'PATCH /api/team/workspace': { body: { schema: renameWorkspaceInputSchema, valid: () => ({ name: 'Equipe renomeada' }) } },
  'GET /api/team/workspace/deletion-impact': {},
  // Sent with a wrong password, like the account's deletion: no probe erases the tenant the other routes need.
  'DELETE /api/team/workspace': { body: { schema: deleteWorkspaceInputSchema, valid: () => ({ password: 'nao-e-a-senha' }) } },
  // The founder calls it in the probes: refused (FOUNDER_PROTECTED), their workspace stays.
  'POST /api/team/leave': {},
  'GET /api/auth/password-reset/': { public: 'whether this server can mail reset links: no account data' },
  'POST /api/auth/password-reset/request': {
    public: 'a signed-out person asks for a link: the same answer whether the e-mail has an account, throttled',
    body: { schema: passwordResetRequestInputSchema, valid: (own) => ({ email: own.email }) },
  },
  'POST /api/auth/password-reset/check': { public: "the e-mailed link's token is the credential", body: { schema: passwordResetCheckInputSchema, valid: () => ({ token: 'x'.repeat(43) }) } },
  'POST /api/auth/password-reset/confirm': {
    public: "the e-mailed link's token is the credential",
    body: { schema: passwordResetInputSchema, valid: () => ({ token: 'x'.repeat(43), password: 'senha-nova-1' }) },
  },
  // The same password as the new one: the change succeeds and later calls still know the password. A deletion is
  // sent with a wrong one, so no probe erases the tenant the other routes need.
  'POST /api/account/password': { body: { schema: changePasswordInputSchema, valid: () => ({ currentPassword: PASSWORD, newPassword: PASSWORD }) } },
  'POST /api/account/sign-out-everywhere': { endsSessions: 'signs out every session of the caller' },
  'GET /api/account/deletion-impact': {},
  'DELETE /api/account/': { body: { schema: deleteAccountInputSchema, valid: () => ({ password: 'nao-e-a-senha' }) } },
  'GET /api/account/export': {},
  'GET /api/api-keys/': {},
  'POST /api/api-keys/': { body: { schema: createApiKeyInputSchema, valid: () => ({ name: 'Integração n8n', scopes: ['contacts:read', 'messages:write'] }) } },
  'DELETE /api/api-keys/:id': {},
  'GET /api/openapi.json': { public: 'the OpenAPI document: describes the routes, never data' },
  'GET /api/docs': { public: 'the reference page that renders the OpenAPI document' },
  'GET /api/docs/scalar.js': { public: "the reference page's script (Scalar's bundle)" },
  'GET /api/docs/init.js': { public: "the reference page's options" },
};
