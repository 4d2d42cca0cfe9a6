import { apiRoute } from '@/lib/api/wrapper';
import { attachmentParams } from '@/lib/attachments/schemas';
import { getAttachment } from '@/lib/attachments/get-attachment';

// GET /services/crm/attachments/{attachmentId} – attachment metadata
export const GET = apiRoute({
  params: attachmentParams,
  handler: ({ auth, params }) => getAttachment({ tenantId: auth.tenantId, attachmentId: params.attachmentId }),
});
