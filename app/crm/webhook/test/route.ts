import { apiRoute } from '@/lib/api/wrapper';
import { webhookTestRequest } from '@/lib/webhooks/schemas';
import { sendTestEvent } from '@/lib/webhooks/test-event';

export const dynamic = 'force-dynamic';

// POST /crm/webhook/test – queue an IntegrationTestUpdate to the tenant's webhook (also at /services/crm/crm/webhook/test)
export const POST = apiRoute({
  auth: 'tenant',
  body: webhookTestRequest,
  status: 202,
  handler: ({ auth }) => sendTestEvent({ tenantId: auth.tenantId }),
});
