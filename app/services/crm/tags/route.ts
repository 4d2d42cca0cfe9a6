import { apiRoute, apiRoutes } from '@/lib/http/route';
import { listTagsQuery, listTagsResponse } from '@/lib/tags/schemas';
import { listTags } from '@/lib/tags/list-tags';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/tags – list tags (optional `scope` filter)
  GET: apiRoute({
    summary: 'List tags',
    description: "All of the tenant's tags (by English name), optionally of one `scope`. Tags are created by officers (and `npm run crm -- tag:create`).",
    auth: ['apiKey', 'session'],
    query: listTagsQuery,
    response: listTagsResponse,
    handler: ({ auth, query }) => listTags({ tenantId: auth.tenantId, scope: query.scope }),
  }),
});
