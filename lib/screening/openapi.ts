import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { apiKeyHeaders, errorResponses, jsonContent } from '@/lib/api/openapi';
import { ScreeningSearchRequestSchema, ScreeningSearchResponseSchema } from './schemas';

export function registerScreeningOpenApi(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/screening/search',
    summary: 'Screen a name against the watchlists (nothing is stored)',
    description:
      'Searches the shared lists (ListSourceA, ListSourceB) and the calling tenant\'s Custom list. Latin and Arabic script are matched both ways. ' +
      '`threshold` (0–100) overrides the tenant review threshold for this call. Each Match explains its score in `signals`; ' +
      'its `id` and timestamps are ephemeral. An identity number equal after normalization gives percentage 100 and AutoMatch.',
    request: { headers: apiKeyHeaders, body: { content: { 'application/json': { schema: ScreeningSearchRequestSchema } } } },
    responses: { 200: jsonContent(ScreeningSearchResponseSchema), ...errorResponses('VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE') },
  });
}
