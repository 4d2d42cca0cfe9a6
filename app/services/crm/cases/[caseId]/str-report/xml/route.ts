import { apiRoute, apiRoutes } from '@/lib/http/route';
import { downloadResponse } from '@/lib/http/download';
import { caseParams } from '@/lib/cases/schemas';
import { getStrXml } from '@/lib/transactions/str-xml';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/cases/{caseId}/str-report/xml – the STR draft as goAML-style XML
  GET: apiRoute({
    summary: 'Download STR draft (goAML-style XML)',
    description:
      'The suspicious-transaction report draft of a case closed as Reported, in the goAML report layout (report header, the approving officer as reporting person, reason, indicators, transactions with their parties under goAML’s from_/to_ element names), built from the facts frozen at approval. ' +
      'A draft to complete and file: the FIU’s own codes (rentity_id, code lists) are the tenant’s to fill. No draft → 404.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: caseParams,
    response: { contentType: 'application/xml', description: 'goAML-style STR XML' },
    handler: async ({ auth, params }) => downloadResponse(await getStrXml({ tenantId: auth.tenantId, caseId: params.caseId })),
  }),
});
