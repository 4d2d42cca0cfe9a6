import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { jsonContent } from '@/lib/api/openapi';
import { healthResponse } from './schemas';

export function registerPlatformOpenApi(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/health',
    summary: 'Service health: database and job queue',
    description: 'No authentication. `status` is `degraded` when the database is down or no job worker is connected.',
    security: [],
    responses: { 200: jsonContent(healthResponse) },
  });
}
