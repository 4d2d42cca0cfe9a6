import { apiRoute } from '@/lib/api/wrapper';
import { attachmentParams } from '@/lib/attachments/schemas';
import { attachmentResponse, getAttachmentContent } from '@/lib/attachments/get-attachment-content';

// GET /services/crm/attachments/{attachmentId}/content – download attachment bytes
export const GET = apiRoute({
  params: attachmentParams,
  handler: async ({ auth, params }) => attachmentResponse(await getAttachmentContent({ tenantId: auth.tenantId, attachmentId: params.attachmentId })),
});
