/** A new account joining a workspace through an invitation, as the team screens do (docs/product.md#team). */
import { acceptInvitationResponseSchema, invitationResponseSchema } from '@shared/team/schemas.ts';
import type { Role } from '@shared/team/permissions.ts';
import { registerUser } from './fixtures.ts';
import type { TestServer } from './start-test-server.ts';

/** Answers the member's id (as `id` and `userId`), e-mail, name and an access token acting in the inviter's workspace. */
export async function joinedMember(server: Pick<TestServer, 'api'>, inviterToken: string, role: Role, name = `Membro ${role}`) {
  const account = await registerUser(server, name);
  const created = await server.api('/api/team/invitations', { token: inviterToken, json: { role } });
  const { token } = invitationResponseSchema.parse(await created.json()).data.invitation;
  const accepted = await server.api(`/api/team/invitations/${token}/accept`, { method: 'POST', token: account.tokens.accessToken });
  const { accessToken } = acceptInvitationResponseSchema.parse(await accepted.json()).data.tokens;
  return { id: account.user.id, userId: account.user.id, email: account.user.email, name, token: accessToken };
}
