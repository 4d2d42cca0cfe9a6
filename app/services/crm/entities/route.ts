import { apiRoute } from '@/lib/api/wrapper';
import { listEntitiesQuery } from '@/lib/entities/schemas';
import { listEntitiesJson } from '@/lib/entities/list-entities';

// GET /services/crm/entities – list entities
export const GET = apiRoute({
  query: listEntitiesQuery,
  handler: ({ auth, query: { page, size, ...filters } }) => listEntitiesJson({ tenantId: auth.tenantId, page: { page, size }, filters }),
});
