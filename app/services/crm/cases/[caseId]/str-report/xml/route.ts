import { apiRoute, apiRoutes } from '@/lib/http/route';
import { downloadResponse } from '@/lib/http/download';
import { caseParams } from '@/lib/cases/schemas';
import { getStrFacts } from '@/lib/transactions/monitoring-case';
import { strXml } from '@/lib/transactions/str-xml';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/cases/{caseId}/str-report/xml – the STR draft as goAML-style XML
  GET: apiRoute({
    summary: 'Download STR draft (goAML-style XML)',
    description:
      'The suspicious-transaction report draft of a case closed as Reported, in the goAML report layout (report header, reason, indicators, transactions with their parties), built from the facts frozen at approval. ' +
      'A draft to complete and file: the FIU’s own codes (rentity_id, code lists) are the tenant’s to fill. No draft → 404.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: caseParams,
    response: { contentType: 'application/xml', description: 'goAML-style STR XML' },
    handler: async ({ auth, params }) => {
      const { report, facts, tenant } = await getStrFacts({ tenantId: auth.tenantId, caseId: params.caseId });
      const bytes = Buffer.from(strXml({ facts, tenant, reportId: report.id, createdAt: report.createdAt }), 'utf8');
      return downloadResponse({ name: `str-${report.id}.xml`, mimeType: 'application/xml', size: bytes.length, body: new Uint8Array(bytes) });
    },
  }),
});
