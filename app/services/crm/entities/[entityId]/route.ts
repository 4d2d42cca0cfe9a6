import { apiRoute } from '@/lib/api/wrapper';
import { entityParams } from '@/lib/entities/schemas';
import { getEntityJson } from '@/lib/entities/get-entity';

// GET /services/crm/entities/{entityId} – view entity (complete profile, unwrapped)
export const GET = apiRoute({
  params: entityParams,
  handler: ({ auth, params }) => getEntityJson({ tenantId: auth.tenantId, entityId: params.entityId }),
});
