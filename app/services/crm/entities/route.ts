import { apiRoute } from '@/lib/api/wrapper';
import { listEntitiesQuery } from '@/lib/entities/schemas';
import { listEntities } from '@/lib/entities/list-entities';

// GET /services/crm/entities – list entities
export const GET = apiRoute({
  query: listEntitiesQuery,
  handler: ({ auth, query: { page, size, ...filters } }) => listEntities({ tenantId: auth.tenantId, page: { page, size }, filters }),
});
