import { apiRoute, apiRoutes } from '@/lib/http/route';
import { signKycAgreement } from '@/lib/kyc/agreements';
import { agreementEnvelope, agreementParams, signatureInput } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PUT /services/crm/kyc/{kycId}/agreements/{agreementId}/signature – record the signed agreement
  PUT: apiRoute({
    summary: 'Sign a KYC agreement',
    description:
      'Records the signed copy (`attachmentId`, an attachment of this tenant, uploaded with POST /attachments) of one of the KYC’s agreements; sending it again replaces the copy. An agreement of another flow or classification, or an attachment of another tenant, is 404. Audited.',
    auth: ['apiKey', 'session'],
    params: agreementParams,
    body: signatureInput,
    response: agreementEnvelope,
    handler: ({ auth, actor, requestId, params, body }) =>
      signKycAgreement({ tenantId: auth.tenantId, kycId: params.kycId, agreementId: params.agreementId, attachmentId: body.attachmentId, actor, requestId }),
  }),
});
