import { apiRoute, apiRoutes } from '@/lib/http/route';
import { attachmentParams, attachmentSchema } from '@/lib/attachments/schemas';
import { getAttachment } from '@/lib/attachments/get-attachment';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/attachments/{attachmentId} – attachment metadata
  GET: apiRoute({
    summary: 'Attachment metadata',
    auth: ['apiKey', 'session'],
    params: attachmentParams,
    response: attachmentSchema,
    handler: ({ auth, params }) => getAttachment({ tenantId: auth.tenantId, attachmentId: params.attachmentId }),
  }),
});
