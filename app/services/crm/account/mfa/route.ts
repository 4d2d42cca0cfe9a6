import { apiRoute, apiRoutes } from '@/lib/http/route';
import { getMfaStatus } from '@/lib/tenancy/mfa';
import { mfaStatusResponse } from '@/lib/tenancy/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/account/mfa – whether the signed-in user has two-step sign-in, must have it, and how many recovery codes are left
  GET: apiRoute({
    summary: 'Your two-step sign-in status',
    description: '`required` is true for administrators and for everyone in a tenant that requires it.',
    auth: 'session',
    allowMfaPending: true,
    response: mfaStatusResponse,
    handler: async ({ auth }) => ({ data: await getMfaStatus({ userId: auth.user!.id }) }),
  }),
});
