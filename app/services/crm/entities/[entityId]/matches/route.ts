import { apiRoute, apiRoutes } from '@/lib/http/route';
import { entityParams } from '@/lib/entities/schemas';
import { listMatchesQuery, matchList } from '@/lib/cases/schemas';
import { listEntityMatches } from '@/lib/cases/read-cases';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/entities/{entityId}/matches – the entity's stored watchlist matches
  GET: apiRoute({
    summary: 'List entity matches',
    description:
      'Stored matches of the entity (one per watchlist entry), open ones first, strongest first; matches of entries removed from their list (`deprecatedAt`) last. ' +
      'Each is the screening Match with its review state (status, proposal, decision), `caseId` and the entry’s details. Filters `status`, `includeDeprecated`. ' +
      'A relationship manager’s session is refused (403): screening matches must not reach client-facing staff (tipping-off).',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: entityParams,
    query: listMatchesQuery,
    response: matchList,
    handler: ({ auth, params, query }) => listEntityMatches({ tenantId: auth.tenantId, entityId: params.entityId, query }),
  }),
});
