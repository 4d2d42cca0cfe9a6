import { apiRoute } from '@/lib/api/wrapper';
import { getOpenApiDocument } from '@/lib/api/openapi-document';

// GET /services/crm/openapi.json – the OpenAPI 3.1 document (public)
export const GET = apiRoute({ auth: 'none', handler: async () => getOpenApiDocument() });
