import { apiRoute, apiRoutes } from '@/lib/http/route';
import { endpointSummarySchema, eventTypesResponse, registerWebhookBody, updateEventTypesBody } from '@/lib/webhooks/schemas';
import { registerWebhookEndpoint, updateWebhookEventTypes } from '@/lib/webhooks/endpoints';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PUT /services/crm/webhook-endpoint – register (or re-register) the tenant's webhook (webhook administration)
  PUT: apiRoute({
    summary: "Register or re-register the tenant's webhook",
    description:
      'The webhook becomes Paused and a handshake is sent at once; the first successful handshake makes it Active. Only https URLs with public addresses (400 naming `url`).',
    auth: 'session',
    roles: ['admin'],
    body: registerWebhookBody,
    response: endpointSummarySchema,
    handler: ({ auth, actor, requestId, body }) => registerWebhookEndpoint({ tenantId: auth.tenantId, ...body, actor, requestId }),
  }),
  // PATCH /services/crm/webhook-endpoint – choose the events the webhook receives (webhook administration)
  PATCH: apiRoute({
    summary: 'Choose the event types the webhook receives (empty: all)',
    auth: 'session',
    roles: ['admin'],
    body: updateEventTypesBody,
    response: eventTypesResponse,
    errors: ['NOT_FOUND'],
    handler: ({ auth, actor, requestId, body }) => updateWebhookEventTypes({ tenantId: auth.tenantId, eventTypes: body.eventTypes, actor, requestId }),
  }),
});
