import { apiRoute, apiRoutes } from '@/lib/http/route';
import { entityList, listEntitiesQuery } from '@/lib/entities/schemas';
import { listEntitiesJson } from '@/lib/entities/list-entities';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/entities – list entities (also the officer app's entity list)
  GET: apiRoute({
    summary: 'List entities (newest first)',
    description: '`q` matches a substring of either name, the e-mail, crmId or an identity number (case-insensitive).',
    auth: ['apiKey', 'session'],
    query: listEntitiesQuery,
    response: entityList,
    handler: ({ auth, query: { page, size, ...filters } }) => listEntitiesJson({ tenantId: auth.tenantId, page: { page, size }, filters }),
  }),
});
