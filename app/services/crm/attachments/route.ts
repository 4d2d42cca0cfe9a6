import { apiRoute, apiRoutes } from '@/lib/http/route';
import { parseUpload, uploadLimitBytes } from '@/lib/http/upload';
import { createAttachmentForm, createAttachmentResponse } from '@/lib/attachments/schemas';
import { createAttachment } from '@/lib/attachments/create-attachment';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/attachments – create attachment (multipart/form-data, field `file`)
  POST: apiRoute({
    summary: 'Create attachment (multipart/form-data)',
    description:
      'Field `file` (required) and optional `name`. The type is decided from the bytes: images, videos and PDF only (415 otherwise, whatever the file name says). ' +
      'Size limit ATTACHMENT_MAX_BYTES (default 25 MB, 413 beyond). ' +
      "Each accepted upload is taken from the tenant's daily budget (ATTACHMENT_DAILY_MAX_COUNT files and ATTACHMENT_DAILY_MAX_BYTES bytes per UTC day, or the tenant's own): " +
      'beyond it 429 UPLOAD_BUDGET_EXCEEDED with Retry-After until midnight UTC. Answers 201.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer', 'rm'],
    otherBody: { contentType: 'multipart/form-data', schema: createAttachmentForm, limitBytes: uploadLimitBytes },
    response: createAttachmentResponse,
    status: 201,
    errors: ['UNSUPPORTED_MEDIA_TYPE', 'UPLOAD_BUDGET_EXCEEDED'],
    handler: async ({ auth, actor, requestId, request, rawBody }) =>
      createAttachment({ tenantId: auth.tenantId, ...(await parseUpload(request, rawBody)), actor, requestId }),
  }),
});
