import { apiRoute, apiRoutes } from '@/lib/http/route';
import { entityParams, entityProfileSchema } from '@/lib/entities/schemas';
import { getEntityJson } from '@/lib/entities/get-entity';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/entities/{entityId} – view entity (complete profile, unwrapped)
  GET: apiRoute({
    summary: 'View entity (complete profile, unwrapped)',
    auth: ['apiKey', 'session'],
    params: entityParams,
    response: entityProfileSchema,
    handler: ({ auth, params }) => getEntityJson({ tenantId: auth.tenantId, entityId: params.entityId }),
  }),
});
