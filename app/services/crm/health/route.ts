import { apiRoute, apiRoutes } from '@/lib/http/route';
import { healthResponse } from '@/lib/platform/schemas';
import { getHealth } from '@/lib/platform/health';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/health – database and job queue status (no authentication)
  GET: apiRoute({
    summary: 'Service health: database and job queue',
    description: 'No authentication. `status` is `degraded` when the database is down or no job worker is connected.',
    auth: 'none',
    response: healthResponse,
    handler: () => getHealth(),
  }),
});
