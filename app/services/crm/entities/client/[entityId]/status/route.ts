import { apiRoute } from '@/lib/api/wrapper';
import { entityParams, updateStatusInput } from '@/lib/entities/schemas';
import { updateClientStatus } from '@/lib/entities/update-client-status';

// PATCH /services/crm/entities/client/{entityId}/status – update client status
export const PATCH = apiRoute({
  params: entityParams,
  body: updateStatusInput,
  handler: ({ auth, actor, requestId, params, body }) => updateClientStatus({ tenantId: auth.tenantId, entityId: params.entityId, ...body, actor, requestId }),
});
