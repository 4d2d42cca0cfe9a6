import { apiRoute, apiRoutes } from '@/lib/http/route';
import { listKycQuestions } from '@/lib/kyc/questions';
import { kycParams, kycQuestionList, kycQuestionsQuery } from '@/lib/kyc/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/kyc/{kycId}/questions – list the KYC's open questions
  GET: apiRoute({
    summary: 'List KYC questions',
    description:
      'The questions open for submission at the KYC’s status: those of the flow’s Published Kyc, RiskAssessment and Suitability forms until the KYC is complete (or rejected), plus the enabled questions of enabled Edd and QualifiedInvestor forms. Each with `sections` (its section, with `formId` and the form) and its latest `answer` or null; ordered by form, section and question sortOrder. Filter `formId`.',
    auth: ['apiKey', 'session'],
    params: kycParams,
    query: kycQuestionsQuery,
    response: kycQuestionList,
    handler: ({ auth, params, query }) => {
      const { formId, ...page } = query;
      return listKycQuestions({ tenantId: auth.tenantId, kycId: params.kycId, page, formId });
    },
  }),
});
