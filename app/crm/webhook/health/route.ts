import { apiRoute } from '@/lib/api/wrapper';
import { getWebhookServiceHealth } from '@/lib/webhooks/health';

export const dynamic = 'force-dynamic';

// GET /crm/webhook/health – whether the webhook service is running (also at /services/crm/crm/webhook/health)
export const GET = apiRoute({ auth: 'none', handler: () => getWebhookServiceHealth() });
