import { apiRoute, apiRoutes } from '@/lib/http/route';
import { startMfaEnrolment } from '@/lib/tenancy/mfa';
import { mfaEnrolmentResponse } from '@/lib/tenancy/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/account/mfa/enrolment – start two-step sign-in enrolment: a new TOTP secret and its QR code
  POST: apiRoute({
    summary: 'Start two-step sign-in enrolment',
    description:
      'A new random TOTP secret (RFC 6238: SHA-1, 6 digits, 30 seconds), kept encrypted and pending until confirmed with a code; answered with the otpauth URI and its QR code. Starting again replaces a pending secret. Already enrolled → 409 CONFLICT.',
    auth: 'session',
    allowMfaPending: true,
    response: mfaEnrolmentResponse,
    status: 201,
    errors: ['CONFLICT'],
    handler: async ({ auth }) => ({ data: await startMfaEnrolment({ userId: auth.user!.id }) }),
  }),
});
