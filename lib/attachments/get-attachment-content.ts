import { AppError } from '@/lib/core/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { getAttachmentStorage } from './storage';

/** The stored bytes of one of the tenant's attachments, with what a download response needs. */
export async function getAttachmentContent({ tenantId, attachmentId }: { tenantId: string; attachmentId: string }) {
  const row = await withTenant(tenantId, (tx) => tx.attachment.findFirst({ where: { id: attachmentId, tenantId } }));
  if (!row) throw AppError.notFound();
  const body = await getAttachmentStorage()
    .get(row.storageKey)
    .catch(() => {
      throw AppError.notFound();
    });
  return { name: row.name, mimeType: row.mimeType, size: Number(row.size), body: body as Uint8Array | ReadableStream };
}
