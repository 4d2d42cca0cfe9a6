import { apiRoute, apiRoutes } from '@/lib/http/route';
import { apiKeyParams } from '@/lib/tenancy/schemas';
import { revokeApiKey } from '@/lib/tenancy/api-keys';
import { z } from 'zod';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // DELETE /services/crm/api-keys/{apiKeyId} – revoke an API key
  DELETE: apiRoute({
    summary: 'Revoke an API key',
    description:
      "Takes effect within the key cache's 5 seconds. Unknown, already revoked or another tenant's key → 404. Audited as `apiKey.revoke`. Administrators only.",
    auth: 'session',
    roles: ['admin'],
    params: apiKeyParams,
    response: z.object({ revoked: z.literal(true) }).meta({ id: 'ApiKeyRevoked' }),
    handler: async ({ auth, actor, requestId, params }) => {
      await revokeApiKey({ tenantId: auth.tenantId, apiKeyId: params.apiKeyId, actor, requestId });
      return { revoked: true as const };
    },
  }),
});
