import { apiRoute } from '@/lib/api/wrapper';
import { listTagsQuery } from '@/lib/tags/schemas';
import { listTags } from '@/lib/tags/list-tags';

// GET /services/crm/tags – list tags (optional `scope` filter)
export const GET = apiRoute({
  query: listTagsQuery,
  handler: ({ auth, query }) => listTags({ tenantId: auth.tenantId, scope: query.scope }),
});
