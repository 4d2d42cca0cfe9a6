import { apiRoute } from '@/lib/api/wrapper';
import { readUpload } from '@/lib/attachments/read-upload';
import { createAttachment } from '@/lib/attachments/create-attachment';

// POST /services/crm/attachments – create attachment (multipart/form-data, field `file`)
export const POST = apiRoute({
  status: 201,
  handler: async ({ auth, actor, requestId, request }) => createAttachment({ tenantId: auth.tenantId, ...(await readUpload(request)), actor, requestId }),
});
