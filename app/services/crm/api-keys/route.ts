import { apiRoute, apiRoutes } from '@/lib/http/route';
import { apiKeyList, createApiKeyInput, createdApiKeyResponse } from '@/lib/tenancy/schemas';
import { apiKeyView, createApiKey, listApiKeys } from '@/lib/tenancy/api-keys';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/api-keys – the tenant's API keys (officer app, administrators)
  GET: apiRoute({
    summary: "List the tenant's API keys",
    description:
      'Newest first, revoked ones included; never a secret. Officer sessions with the admin role (the same service as `npm run crm -- apikey:list`).',
    auth: 'session',
    roles: ['admin'],
    response: apiKeyList,
    handler: async ({ auth }) => ({ data: (await listApiKeys({ tenantId: auth.tenantId })).map(apiKeyView) }),
  }),
  // POST /services/crm/api-keys – create an API key (the whole key is in this answer only)
  POST: apiRoute({
    summary: 'Create an API key',
    description: 'Answers 201 with the whole key, which is not stored and cannot be shown again. Audited as `apiKey.create`. Administrators only.',
    auth: 'session',
    roles: ['admin'],
    body: createApiKeyInput,
    response: createdApiKeyResponse,
    status: 201,
    handler: async ({ auth, actor, requestId, body }) => {
      const created = await createApiKey({ tenantId: auth.tenantId, label: body.label, actor, requestId });
      return {
        data: {
          ...apiKeyView({
            id: created.apiKeyId,
            prefix: created.prefix,
            label: created.label,
            createdAt: created.createdAt,
            lastUsedAt: null,
            revokedAt: null,
          }),
          apiKey: created.apiKey,
        },
      };
    },
  }),
});
