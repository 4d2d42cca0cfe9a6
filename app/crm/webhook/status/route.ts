import { apiRoute } from '@/lib/api/wrapper';
import { getWebhookStatus } from '@/lib/webhooks/endpoints';

export const dynamic = 'force-dynamic';

// GET /crm/webhook/status – the tenant's webhook status (also at /services/crm/crm/webhook/status)
export const GET = apiRoute({ handler: ({ auth }) => getWebhookStatus({ tenantId: auth.tenantId }) });
