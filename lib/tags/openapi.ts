import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { apiKeyHeaders, errorResponses, jsonContent } from '@/lib/api/openapi';
import { listTagsQuery, listTagsResponse } from './schemas';

export function registerTagsOpenApi(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/tags',
    summary: 'List tags',
    description: 'All of the tenant\'s tags (by English name), optionally of one `scope`. Tags are created by officers (and `npm run crm -- tag:create`).',
    request: { headers: apiKeyHeaders, query: listTagsQuery },
    responses: { 200: jsonContent(listTagsResponse), ...errorResponses('VALIDATION_ERROR') },
  });
}
