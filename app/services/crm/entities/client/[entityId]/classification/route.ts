import { apiRoute } from '@/lib/api/wrapper';
import { entityParams, updateClassificationInput } from '@/lib/entities/schemas';
import { updateClientClassification } from '@/lib/entities/update-client-classification';

// PATCH /services/crm/entities/client/{entityId}/classification – update entity classification
export const PATCH = apiRoute({
  params: entityParams,
  body: updateClassificationInput,
  handler: ({ auth, actor, requestId, params, body }) =>
    updateClientClassification({ tenantId: auth.tenantId, entityId: params.entityId, classification: body.classification, actor, requestId }),
});
