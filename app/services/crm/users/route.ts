import { apiRoute, apiRoutes } from '@/lib/http/route';
import { formatTimestamp } from '@/lib/core/format';
import { invitedUserResponse, inviteUserBody } from '@/lib/tenancy/schemas';
import { inviteUser } from '@/lib/tenancy/user-links';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/users – invite someone to this tenant by e-mail with a role (administrators)
  POST: apiRoute({
    summary: 'Invite a user by e-mail',
    description:
      'Creates the user without a password and e-mails a single-use link (valid `USER_INVITE_TTL_HOURS`, default 72) to the public page /{locale}/set-password/{token}, where they choose one; no sign-in is possible before. ' +
      'Only the SHA-256 of the link is stored; the e-mail goes through the notification outbox. Inviting an address still only invited here sends a new link (the old one stops working) and applies the role; any other existing address → 409 CONFLICT. ' +
      'Audited (`user.invite`, `user.invite-resend`).',
    auth: 'session',
    roles: ['admin'],
    body: inviteUserBody,
    response: invitedUserResponse,
    status: 201,
    errors: ['CONFLICT'],
    handler: async ({ auth, body, actor, requestId }) => {
      const user = await inviteUser({ tenantId: auth.tenantId, ...body, actor, requestId });
      return { data: { ...user, expiresAt: formatTimestamp(user.expiresAt) } };
    },
  }),
});
