import { apiRoute } from '@/lib/api/wrapper';
import { pageQuery } from '@/lib/api/pagination';
import { listEntities } from '@/lib/entities/list-entities';

// GET /services/crm/entities – list entities
export const GET = apiRoute({
  query: pageQuery,
  handler: ({ auth, query }) => listEntities({ tenantId: auth.tenantId, page: query }),
});
