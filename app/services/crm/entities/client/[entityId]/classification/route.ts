import { apiRoute, apiRoutes } from '@/lib/http/route';
import { entityParams, entityProfileSchema, updateClassificationInput } from '@/lib/entities/schemas';
import { updateClientClassification } from '@/lib/entities/update-client-classification';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PATCH /services/crm/entities/client/{entityId}/classification – update entity classification
  PATCH: apiRoute({
    summary: 'Update client classification (no KYC transitions)',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: entityParams,
    body: updateClassificationInput,
    response: entityProfileSchema,
    handler: ({ auth, actor, requestId, params, body }) =>
      updateClientClassification({ tenantId: auth.tenantId, entityId: params.entityId, classification: body.classification, actor, requestId }),
  }),
});
