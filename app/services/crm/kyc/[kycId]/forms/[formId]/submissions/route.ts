import { apiRoute, apiRoutes } from '@/lib/http/route';
import { submitKycForm } from '@/lib/kyc/submit';
import { kycFormParams, submissionEnvelope, submissionInput } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/kyc/{kycId}/forms/{formId}/submissions – submit answers to a KYC form (scores the KYC)
  POST: apiRoute({
    summary: 'Submit KYC form answers',
    description: [
      '`answers: [{questionId, optionIds?, openAnswer?, additionalInfo?: {<optionId>: text}, attachmentIds?}]`. Choice questions take `optionIds` (one unless `allowMultiple`); Number questions a decimal `openAnswer`, which must lie within the chosen option’s (or some option’s) `min`/`max`; Date `YYYY-MM-DD`; Country an ISO alpha-2 code; Attachment `attachmentIds` of this tenant; text questions `openAnswer`. An option with `additionalInfoEnabled` needs its `additionalInfo`. Every required open question must be answered. Each problem is a 400 naming `answers.N.<field>`.',
      'Kyc, RiskAssessment, Edd and QualifiedInvestor forms take one submission per KYC (another → 409 ALREADY_SUBMITTED); Suitability and AdditionalInformation take many (`attempt` counts up). A form that is not open for this KYC (see GET /kyc/{kycId}/questions) → 409 FORM_NOT_OPEN.',
      'Every accepted submission adds a KYC score computed from the stored answers (decisions.md formula; see the README). When every Published Kyc, RiskAssessment and Suitability form of the flow has been submitted the KYC becomes KycSubmitted; an Edd or QualifiedInvestor submission sets eddStatus / qualifiedStatus to Submitted; new answers to a KYC waiting for its second review send it back to KycSubmitted. Each status change emits KycStatusUpdate.',
    ].join('\n\n'),
    auth: ['apiKey', 'session'],
    params: kycFormParams,
    body: submissionInput,
    response: submissionEnvelope,
    status: 201,
    errors: ['ALREADY_SUBMITTED', 'FORM_NOT_OPEN'],
    handler: ({ auth, actor, requestId, params, body }) =>
      submitKycForm({ tenantId: auth.tenantId, kycId: params.kycId, formId: params.formId, input: body, actor, requestId }),
  }),
});
