import { ApiError } from '@/lib/api/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { getAttachmentStorage } from './storage';

/** The stored bytes of one of the tenant's attachments, with what a download response needs. */
export async function getAttachmentContent({ tenantId, attachmentId }: { tenantId: string; attachmentId: string }) {
  const row = await withTenant(tenantId, (tx) => tx.attachment.findFirst({ where: { id: attachmentId, tenantId } }));
  if (!row) throw ApiError.notFound();
  const body = await getAttachmentStorage().get(row.storageKey).catch(() => {
    throw ApiError.notFound();
  });
  return { name: row.name, mimeType: row.mimeType, size: Number(row.size), body: body as Uint8Array | ReadableStream };
}

/** A download response: the type we detected, `nosniff`, and an attachment disposition (never rendered inline). */
export function attachmentResponse(content: { name: string; mimeType: string; size: number; body: Uint8Array | ReadableStream }): Response {
  const ascii = content.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new Response(content.body as BodyInit, {
    status: 200,
    headers: {
      'content-type': content.mimeType,
      'content-length': String(content.size),
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(content.name)}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
