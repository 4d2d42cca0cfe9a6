import { apiRoute, apiRoutes } from '@/lib/http/route';
import { reviewKyc } from '@/lib/kyc/review';
import { kycParams, reviewEnvelope, reviewInput } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/kyc/{kycId}/reviews – approve or reject a submitted KYC (officers; four eyes on High risk)
  POST: apiRoute({
    summary: 'Review a KYC',
    description:
      'Officers only (admin, officer; a review is a person’s decision). `{decision: Approve|Reject, comment, formId?}`. A KycSubmitted KYC gets its First review: Reject → KycRejected; Approve → KycComplete, or KycUnderReview when its latest score is High, which then needs a Second review by a different officer (the same officer → 403 FOUR_EYES_REQUIRED). A blocking answer in the latest score → 409 KYC_BLOCKED on Approve. With `formId` (a submitted Edd or QualifiedInvestor form): eddStatus / qualifiedStatus → Approved | Rejected. Other states → 409 INVALID_STATUS_TRANSITION. While a screening match of the entity awaits an officer’s decision, no approval is given (409 CONFLICT; Reject stays possible); when the entity’s open matches changed since the latest score, the KYC is first rescored from its stored answers (a score with reason Rescore), so a hit found after submission raises the level before the decision. Answers the review and the KYC.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: kycParams,
    body: reviewInput,
    response: reviewEnvelope,
    status: 201,
    errors: ['INVALID_STATUS_TRANSITION', 'FOUR_EYES_REQUIRED', 'KYC_BLOCKED', 'FORM_NOT_ENABLEABLE'],
    handler: ({ auth, requestId, params, body }) => reviewKyc({ tenantId: auth.tenantId, kycId: params.kycId, ...body, userId: auth.user!.id, requestId }),
  }),
});
