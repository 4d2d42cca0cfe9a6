import { requireApiUser, internalJson } from '@/lib/auth/api-session';
import { uuidParam } from '@/lib/auth/internal-schemas';
import { parseIdOr404 } from '@/lib/auth/parse';
import { getAttachmentContent } from '@/lib/attachments/get-attachment-content';

/** Only these are shown inline; anything else is offered as a download, never rendered. */
const INLINE = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

// GET /api/internal/attachments/{attachmentId} – document preview for the signed-in tenant only
export function GET(request: Request, { params }: { params: Promise<{ attachmentId: string }> }) {
  return internalJson(async () => {
    const { tenantId } = await requireApiUser({ roles: ['admin', 'officer', 'rm'] });
    const attachmentId = parseIdOr404(uuidParam, (await params).attachmentId);
    const file = await getAttachmentContent({ tenantId, attachmentId });
    const inline = INLINE.test(file.mimeType);
    const name = encodeURIComponent(file.name);
    return new Response(file.body as BodyInit, {
      headers: {
        'content-type': inline ? file.mimeType : 'application/octet-stream',
        'content-length': String(file.size),
        'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`,
        'x-content-type-options': 'nosniff',
        // The bytes are the tenant's own upload: no scripts, no framing by other sites.
        'content-security-policy': "default-src 'none'; img-src 'self'; object-src 'self'; frame-ancestors 'self'",
        'cache-control': 'private, max-age=300',
      },
    });
  });
}
