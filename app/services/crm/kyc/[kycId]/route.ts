import { apiRoute, apiRoutes } from '@/lib/http/route';
import { getKyc } from '@/lib/kyc/kyc-records';
import { kycEnvelope, kycParams } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/kyc/{kycId} – view a KYC record with its scores
  GET: apiRoute({
    summary: 'View a KYC record',
    description:
      'The same object as the entity’s `kyc`: statuses, relationship manager and every score (newest first, each with its riskBreakdown and overrideReasons).',
    auth: ['apiKey', 'session'],
    params: kycParams,
    response: kycEnvelope,
    handler: ({ auth, params }) => getKyc({ tenantId: auth.tenantId, kycId: params.kycId }),
  }),
});
