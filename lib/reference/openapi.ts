import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { apiKeyHeaders, errorResponses, jsonContent } from '@/lib/api/openapi';
import { pageQuery } from '@/lib/api/pagination';
import { cityList } from '@/lib/entities/schemas';

export function registerReferenceOpenApi(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/cities',
    summary: 'List cities (Saudi cities in English and Arabic)',
    description: 'Global reference data, the same for every tenant; ids are stable across installations.',
    request: { headers: apiKeyHeaders, query: pageQuery },
    responses: { 200: jsonContent(cityList), ...errorResponses('VALIDATION_ERROR') },
  });
}
