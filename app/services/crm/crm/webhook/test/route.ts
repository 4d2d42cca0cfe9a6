import { apiRoute, apiRoutes } from '@/lib/http/route';
import { testEventRateLimit, webhookTestRequest, webhookTestResponse } from '@/lib/webhooks/schemas';
import { sendTestEvent } from '@/lib/webhooks/test-event';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/crm/webhook/test – queue an IntegrationTestUpdate (also at /crm/webhook/test; the webhook admin screen's test button)
  POST: apiRoute({
    summary: 'Send a test event (IntegrationTestUpdate) to the registered webhook',
    description:
      'Needs only `x-tenant` (a given `x-api-key` is checked). Queues the event and answers 202 with its id; it is delivered, signed and retried like any event. ' +
      'One call per 10 s per tenant (429 with Retry-After); a refused call (400, 409) does not count. 409 WEBHOOK_DISABLED while the webhook is Disabled (or was never registered).',
    auth: ['tenant', 'session'],
    roles: ['admin'],
    body: webhookTestRequest,
    response: webhookTestResponse,
    status: 202,
    errors: ['WEBHOOK_DISABLED'],
    rateLimit: testEventRateLimit,
    handler: ({ auth }) => sendTestEvent({ tenantId: auth.tenantId }),
  }),
});
