import { apiRoute, apiRoutes } from '@/lib/http/route';
import { enableKycForm } from '@/lib/kyc/enable-form';
import { enableFormInput, kycFormParams, successResponse } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // PATCH /services/crm/kyc/{kycId}/forms/{formId}/enable – enable an Edd or QualifiedInvestor form for the prospect
  PATCH: apiRoute({
    summary: 'Enable KYC form',
    description:
      'Opens a Published Edd or QualifiedInvestor form of the KYC’s flow for submission, limited to `enabledQuestionIds` (non-empty; each a question of that form, else 400 naming `enabledQuestionIds.N`). Sets eddStatus / qualifiedStatus to Pending and emits KycStatusUpdate; the same questions again change nothing and answer the same. Any other form → 409 FORM_NOT_ENABLEABLE; a form already submitted → 409 ALREADY_SUBMITTED. An RM (session) who enables a form for a KYC without a relationship manager becomes its RM.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer', 'rm'],
    params: kycFormParams,
    body: enableFormInput,
    response: successResponse,
    errors: ['FORM_NOT_ENABLEABLE', 'ALREADY_SUBMITTED'],
    handler: ({ auth, actor, requestId, params, body }) =>
      enableKycForm({
        tenantId: auth.tenantId,
        kycId: params.kycId,
        formId: params.formId,
        enabledQuestionIds: body.enabledQuestionIds,
        actor,
        actorRole: auth.user?.role,
        requestId,
      }),
  }),
});
