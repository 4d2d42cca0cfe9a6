import { apiRoute, apiRoutes } from '@/lib/http/route';
import { clientInfoFrom } from '@/lib/auth/client-info';
import { confirmMfaEnrolment } from '@/lib/tenancy/mfa';
import { mfaCodeBody, mfaRecoveryCodesResponse } from '@/lib/tenancy/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/account/mfa/enrolment/confirm – confirm enrolment with a code; answers ten recovery codes, once
  POST: apiRoute({
    summary: 'Confirm two-step sign-in with a code',
    description:
      'The pending secret becomes yours; ten single-use recovery codes are answered once (only their hashes are kept). A wrong code → 400 naming `code`, audited (`auth.mfa-failed`) and counted against the sign-in limits per address and per account (429 beyond). ' +
      'No pending enrolment → 400; already enrolled → 409 CONFLICT. Audited (`auth.mfa-enabled`).',
    auth: 'session',
    allowMfaPending: true,
    body: mfaCodeBody,
    response: mfaRecoveryCodesResponse,
    errors: ['CONFLICT', 'RATE_LIMITED'],
    handler: async ({ auth, body, request }) => ({
      data: await confirmMfaEnrolment({ userId: auth.user!.id, code: body.code, client: clientInfoFrom(request.headers) }),
    }),
  }),
});
