import { apiRoute, apiRoutes } from '@/lib/http/route';
import { getOpenApiDocument } from '../route-manifest';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/openapi.json – the OpenAPI 3.1 document (public)
  GET: apiRoute({
    summary: 'This OpenAPI 3.1 document',
    auth: 'none',
    response: { contentType: 'application/json', description: 'OpenAPI 3.1 document' },
    handler: async () => getOpenApiDocument(),
  }),
});
