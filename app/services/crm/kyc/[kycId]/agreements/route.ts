import { apiRoute, apiRoutes } from '@/lib/http/route';
import { pageQuery } from '@/lib/core/pagination';
import { listKycAgreements } from '@/lib/kyc/agreements';
import { agreementList, kycParams } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/kyc/{kycId}/agreements – list the KYC's agreements with their signatures
  GET: apiRoute({
    summary: 'List KYC agreements',
    description:
      'The agreements of the KYC’s flow and classification (titles and bodies in English and Arabic), each with its `signature` (the signed copy, an attachment) or null.',
    auth: ['apiKey', 'session'],
    params: kycParams,
    query: pageQuery,
    response: agreementList,
    handler: ({ auth, params, query }) => listKycAgreements({ tenantId: auth.tenantId, kycId: params.kycId, page: query }),
  }),
});
