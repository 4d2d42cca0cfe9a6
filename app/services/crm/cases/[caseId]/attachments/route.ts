import { apiRoute, apiRoutes } from '@/lib/http/route';
import { parseUpload, uploadLimitBytes } from '@/lib/http/upload';
import { createAttachmentForm, createAttachmentResponse } from '@/lib/attachments/schemas';
import { caseParams } from '@/lib/cases/schemas';
import { caseAttachmentList } from '@/lib/transactions/schemas';
import { addCaseAttachment, listCaseAttachments } from '@/lib/transactions/case-attachments';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/cases/{caseId}/attachments – the evidence attached to a transaction-monitoring case
  GET: apiRoute({
    summary: 'List case attachments',
    description: 'The files officers attached to a transaction-monitoring case, oldest first. A screening case is 409 CONFLICT.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer'],
    params: caseParams,
    response: caseAttachmentList,
    errors: ['NOT_FOUND', 'CONFLICT'],
    handler: ({ auth, params }) => listCaseAttachments({ tenantId: auth.tenantId, caseId: params.caseId }),
  }),
  // POST /services/crm/cases/{caseId}/attachments – an officer attaches a file (evidence) to a transaction-monitoring case
  POST: apiRoute({
    summary: 'Attach a file to a case (multipart/form-data)',
    description:
      'Officer app only (the audit trail names the officer who attached the evidence). Field `file` (required) and optional `name`, as POST /attachments: ' +
      'the type is decided from the bytes (images, videos and PDF; 415 otherwise), ATTACHMENT_MAX_BYTES (413 beyond), and the upload is taken from the tenant’s daily budget (429 UPLOAD_BUDGET_EXCEEDED). ' +
      'A Pending case moves to InReview. A screening case is 409 CONFLICT. Answers 201.',
    auth: 'session',
    roles: ['admin', 'officer'],
    params: caseParams,
    otherBody: { contentType: 'multipart/form-data', schema: createAttachmentForm, limitBytes: uploadLimitBytes },
    response: createAttachmentResponse,
    status: 201,
    errors: ['NOT_FOUND', 'CONFLICT', 'UNSUPPORTED_MEDIA_TYPE', 'UPLOAD_BUDGET_EXCEEDED'],
    handler: async ({ auth, actor, requestId, params, request, rawBody }) =>
      addCaseAttachment({ tenantId: auth.tenantId, caseId: params.caseId, ...(await parseUpload(request, rawBody)), actor, requestId }),
  }),
});
