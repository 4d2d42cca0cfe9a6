import { apiRoute, apiRoutes } from '@/lib/http/route';
import { DOCS_CONTENT_SECURITY_POLICY, renderOpenApiHtml } from '@/lib/http/openapi/docs-page';
import { getOpenApiDocument } from '../route-manifest';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/docs – readable API reference generated from the OpenAPI document (public)
  GET: apiRoute({
    summary: 'Readable API reference (HTML, no script)',
    auth: 'none',
    response: { contentType: 'text/html', description: 'The API reference' },
    handler: async () =>
      new Response(renderOpenApiHtml(getOpenApiDocument() as unknown as Record<string, unknown>), {
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': DOCS_CONTENT_SECURITY_POLICY },
      }),
  }),
});
