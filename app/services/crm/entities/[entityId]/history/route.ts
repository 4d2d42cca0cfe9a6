import { apiRoute, apiRoutes } from '@/lib/http/route';
import { entityParams } from '@/lib/entities/schemas';
import { entityHistoryPage, entityHistoryQuery } from '@/lib/audit/schemas';
import { listEntityHistory } from '@/lib/audit/list-audit-events';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/entities/{entityId}/history – the profile's history, a page at a time
  GET: apiRoute({
    summary: "Page through an entity's history",
    description:
      'The audit events about the entity and its records (KYC, relationships in both directions, screening cases and matches, alerts, ' +
      'identities, bank accounts, addresses, erasure requests, files), newest first (`createdAt`, then `id`, descending), `size` at a time. ' +
      'The first page is the newest; pass its `nextCursor` as `before` for the next, older one, until `nextCursor` is null. ' +
      'A cursor that is not a `nextCursor` of this route is a 400; an entity of another tenant is a 404. Officer sessions only; a relationship manager’s history leaves out screening and transaction-monitoring records (cases, matches, alerts, on-demand screening), which they may not open.',
    auth: 'session',
    params: entityParams,
    query: entityHistoryQuery,
    response: entityHistoryPage,
    handler: ({ auth, params, query }) =>
      listEntityHistory({
        tenantId: auth.tenantId,
        entityId: params.entityId,
        size: query.size,
        before: query.before,
        includeScreening: auth.user?.role !== 'rm',
      }),
  }),
});
