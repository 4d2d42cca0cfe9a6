import { apiRoute, apiRoutes } from '@/lib/http/route';
import { tagUsageList } from '@/lib/tags/schemas';
import { listTagUsage } from '@/lib/tags/manage-tags';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/tags/usage – how many records carry each tag (tag administration)
  GET: apiRoute({
    summary: 'Tag usage',
    description:
      "For each of the tenant's tags, how many entities and transactions carry it (a tag in use cannot be deleted). Officer sessions with the admin role only.",
    auth: 'session',
    roles: ['admin', 'officer'],
    response: tagUsageList,
    handler: ({ auth }) => listTagUsage({ tenantId: auth.tenantId }),
  }),
});
