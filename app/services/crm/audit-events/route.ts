import { apiRoute, apiRoutes } from '@/lib/http/route';
import { auditPage, searchAuditQuery } from '@/lib/audit/schemas';
import { searchAuditLog } from '@/lib/audit/search-audit-log';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/audit-events – search the tenant's audit log
  GET: apiRoute({
    summary: "Search the tenant's audit log",
    description:
      'Newest first, paged. Filters: `actorId`, `actorType`, `targetType`, `targetId`, `action` (exact, or a family such as `tag.*`), ' +
      "`from` and `to` (whole days, both included, in the tenant's time zone). Each event names its acting user (`actor.displayName`), " +
      'platform administrators working in the tenant included (`actor.platformAdmin: true`). Officer sessions with the admin role only.',
    auth: 'session',
    roles: ['admin'],
    query: searchAuditQuery,
    response: auditPage,
    handler: ({ auth, query }) => {
      const { page, size, ...filters } = query;
      return searchAuditLog({ tenantId: auth.tenantId, page: { page, size }, filters });
    },
  }),
});
