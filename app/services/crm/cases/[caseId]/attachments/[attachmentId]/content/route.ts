import { apiRoute, apiRoutes } from '@/lib/http/route';
import { downloadResponse } from '@/lib/http/download';
import { caseAttachmentParams } from '@/lib/transactions/schemas';
import { getCaseAttachmentContent } from '@/lib/transactions/case-attachments';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/cases/{caseId}/attachments/{attachmentId}/content – download one of the case's attachments
  GET: apiRoute({
    summary: 'Download a case attachment',
    description:
      'The stored file as a download (`Content-Disposition: attachment`), with the type detected at upload, `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store` ' +
      'and `Content-Security-Policy: sandbox` (the file cannot run script or reach our origin). Each download is audited. An attachment of another case is 404.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: caseAttachmentParams,
    response: { contentType: 'application/octet-stream', description: 'The file' },
    errors: ['NOT_FOUND', 'CONFLICT'],
    handler: async ({ auth, actor, requestId, params }) =>
      downloadResponse(await getCaseAttachmentContent({ tenantId: auth.tenantId, caseId: params.caseId, attachmentId: params.attachmentId, actor, requestId })),
  }),
});
