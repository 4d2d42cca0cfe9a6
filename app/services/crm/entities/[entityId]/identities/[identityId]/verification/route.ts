import { apiRoute, apiRoutes } from '@/lib/http/route';
import { identityParams, verifyIdentityInput, verifyIdentityResponse } from '@/lib/entities/schemas';
import { verifyIdentity } from '@/lib/entities/verify-identity';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PATCH /services/crm/entities/{entityId}/identities/{identityId}/verification – verify or reject a pending identity
  PATCH: apiRoute({
    summary: 'Verify or reject a pending identity',
    description:
      'Pending → Verified (verifiedAt becomes today) or Rejected (`reason` required). Any other current status is 409 INVALID_STATUS_TRANSITION. ' +
      'Audited on the entity as `identity.verification`. Officer sessions: admin and officer.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: identityParams,
    body: verifyIdentityInput,
    response: verifyIdentityResponse,
    errors: ['INVALID_STATUS_TRANSITION'],
    handler: ({ auth, actor, requestId, params, body }) =>
      verifyIdentity({ tenantId: auth.tenantId, entityId: params.entityId, identityId: params.identityId, input: body, actor, requestId }),
  }),
});
