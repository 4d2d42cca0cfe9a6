import { apiRoute, apiRoutes } from '@/lib/http/route';
import { downloadResponse } from '@/lib/http/download';
import { caseParams } from '@/lib/cases/schemas';
import { getStrPdf } from '@/lib/transactions/str-pdf';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/cases/{caseId}/str-report/pdf – the STR draft as a PDF
  GET: apiRoute({
    summary: 'Download STR draft (PDF)',
    description:
      'The suspicious-transaction report draft of a case closed as Reported, as a PDF for the officer to review and file: reporting institution, subject (English and Arabic names), ' +
      'reason for suspicion, maker and checker, indicators (rules with their versions) and the transactions with their parties, from the facts frozen at approval. ' +
      'The same facts as the goAML-style XML (…/str-report/xml). Arabic is shaped and laid out right to left; fonts are embedded. No draft → 404.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: caseParams,
    response: { contentType: 'application/pdf', description: 'STR draft (PDF)' },
    handler: async ({ auth, params }) => downloadResponse(await getStrPdf({ tenantId: auth.tenantId, caseId: params.caseId })),
  }),
});
