import { apiRoute, apiRoutes } from '@/lib/http/route';
import { relationshipEnvelope, relationshipParams, resendInvitationInput } from '@/lib/relationships/schemas';
import { resendInvitation } from '@/lib/relationships/resend-invitation';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/entity-relationships/{relationshipId}/resend – officers: e-mail the related party a new confirmation link
  POST: apiRoute({
    summary: 'Resend the confirmation e-mail (officers)',
    description:
      'A new single-use link; the previous one stops working. Pending stays pending; Expired becomes PendingTargetApproval again (409 CONFLICT if another live relationship of the same source, target and type exists). Approved or Rejected → 409 INVALID_STATUS_TRANSITION. Audited.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: relationshipParams,
    body: resendInvitationInput,
    response: relationshipEnvelope,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_STATUS_TRANSITION'],
    handler: ({ auth, actor, requestId, params, body }) =>
      resendInvitation({ tenantId: auth.tenantId, relationshipId: params.relationshipId, language: body.language, actor, requestId }),
  }),
});
