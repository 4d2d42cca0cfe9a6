import { apiRoute, apiRoutes } from '@/lib/http/route';
import { createTagInput, listTagsQuery, listTagsResponse, tagEnvelope } from '@/lib/tags/schemas';
import { listTags } from '@/lib/tags/list-tags';
import { createTag } from '@/lib/tags/create-tag';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/tags – list tags (optional `scope` filter)
  GET: apiRoute({
    summary: 'List tags',
    description:
      "All of the tenant's tags (by English name), optionally of one `scope`. Tags are created by compliance officers and administrators in the officer app (and `npm run crm -- tag:create`).",
    auth: ['apiKey', 'session'],
    query: listTagsQuery,
    response: listTagsResponse,
    handler: ({ auth, query }) => listTags({ tenantId: auth.tenantId, scope: query.scope }),
  }),
  // POST /services/crm/tags – create a tag (officers and administrators, officer app)
  POST: apiRoute({
    summary: 'Create a tag',
    description:
      'Answers 201 with `{data: Tag}`. `scope` defaults to `Entity`; the same English name twice in one scope is 409 CONFLICT. Audited as `tag.create`. Officer sessions with the admin role only.',
    auth: 'session',
    roles: ['admin', 'officer'],
    body: createTagInput,
    response: tagEnvelope,
    status: 201,
    handler: async ({ auth, actor, requestId, body }) => ({ data: await createTag({ tenantId: auth.tenantId, input: body, actor, requestId }) }),
  }),
});
