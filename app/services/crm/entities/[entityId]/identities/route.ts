import { apiRoute } from '@/lib/api/wrapper';
import { createIdentityInput, entityParams } from '@/lib/entities/schemas';
import { createIdentity } from '@/lib/entities/create-identity';

// POST /services/crm/entities/{entityId}/identities – create identity
export const POST = apiRoute({
  params: entityParams,
  body: createIdentityInput,
  status: 201,
  handler: ({ auth, actor, requestId, params, body }) => createIdentity({ tenantId: auth.tenantId, entityId: params.entityId, input: body, actor, requestId }),
});
