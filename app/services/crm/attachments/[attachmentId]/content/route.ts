import { apiRoute, apiRoutes } from '@/lib/http/route';
import { downloadResponse } from '@/lib/http/download';
import { attachmentContentQuery, attachmentParams } from '@/lib/attachments/schemas';
import { getAttachmentContent } from '@/lib/attachments/get-attachment-content';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // GET /services/crm/attachments/{attachmentId}/content – the stored file (also the officer app's document viewer)
  GET: apiRoute({
    summary: 'Download attachment bytes',
    description:
      'Served with the type detected at upload, `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store` and a Content-Security-Policy that forbids script. ' +
      '`Content-Disposition: attachment`, or `inline` with `inline=true` for images and PDF (the document viewer).',
    auth: ['apiKey', 'session'],
    params: attachmentParams,
    query: attachmentContentQuery,
    response: { contentType: 'application/octet-stream', description: 'The file' },
    handler: async ({ auth, params, query }) =>
      downloadResponse(await getAttachmentContent({ tenantId: auth.tenantId, attachmentId: params.attachmentId }), { inline: query.inline === 'true' }),
  }),
});
