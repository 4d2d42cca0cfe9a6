import { apiRoute } from '@/lib/api/wrapper';
import { getHealth } from '@/lib/platform/health';

export const dynamic = 'force-dynamic';

// GET /services/crm/health – database and job queue status (no authentication)
export const GET = apiRoute({ auth: 'none', handler: () => getHealth() });
