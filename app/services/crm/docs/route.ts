import { apiRoute } from '@/lib/api/wrapper';
import { getOpenApiDocument } from '@/lib/api/openapi-document';
import { renderOpenApiHtml } from '@/lib/api/openapi-html';

// GET /services/crm/docs – readable API reference generated from the OpenAPI document (public)
export const GET = apiRoute({
  auth: 'none',
  handler: async () =>
    new Response(renderOpenApiHtml(getOpenApiDocument() as unknown as Record<string, unknown>), {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    }),
});
