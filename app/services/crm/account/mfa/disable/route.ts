import { apiRoute, apiRoutes } from '@/lib/http/route';
import { clientInfoFrom } from '@/lib/auth/client-info';
import { disableMfa } from '@/lib/tenancy/mfa';
import { mfaCodeBody, mfaDisabledResponse } from '@/lib/tenancy/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/account/mfa/disable – turn two-step sign-in off with a current code or a recovery code
  POST: apiRoute({
    summary: 'Turn two-step sign-in off',
    description:
      'Needs a current code or an unused recovery code (400 naming `code` otherwise, counted against the sign-in limits: 429 beyond). Required for you (administrators, tenants that require it) → 409 CONFLICT. Audited (`auth.mfa-disabled`).',
    auth: 'session',
    body: mfaCodeBody,
    response: mfaDisabledResponse,
    errors: ['CONFLICT', 'RATE_LIMITED'],
    handler: async ({ auth, body, request }) => ({
      data: await disableMfa({ userId: auth.user!.id, code: body.code, client: clientInfoFrom(request.headers) }),
    }),
  }),
});
