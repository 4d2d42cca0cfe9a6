import { apiRoute, apiRoutes } from '@/lib/http/route';
import { createIdentityInput, createIdentityResponse, entityParams } from '@/lib/entities/schemas';
import { createIdentity } from '@/lib/entities/create-identity';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/entities/{entityId}/identities – create identity
  POST: apiRoute({
    summary: 'Create identity',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer', 'rm'],
    description: 'At least one documentId, each an attachment of this tenant (404 otherwise). The same type and number twice on one entity is 409 CONFLICT.',
    params: entityParams,
    body: createIdentityInput,
    response: createIdentityResponse,
    status: 201,
    errors: ['CONFLICT'],
    handler: ({ auth, actor, requestId, params, body }) =>
      createIdentity({ tenantId: auth.tenantId, entityId: params.entityId, input: body, actor, requestId }),
  }),
});
