import { AppError } from '@/lib/core/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { formatAttachment } from './format-attachment';

/** Attachment metadata (unwrapped Attachment); another tenant's id is NOT_FOUND. */
export async function getAttachment({ tenantId, attachmentId }: { tenantId: string; attachmentId: string }) {
  const row = await withTenant(tenantId, (tx) => tx.attachment.findFirst({ where: { id: attachmentId, tenantId } }));
  if (!row) throw AppError.notFound();
  return formatAttachment(row);
}
