import { AppError } from '@/lib/core/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { selectAttachmentJson } from './attachment-json';

/** Attachment metadata (unwrapped Attachment); another tenant's id is NOT_FOUND. */
export async function getAttachment({ tenantId, attachmentId }: { tenantId: string; attachmentId: string }) {
  const out = await withTenant(tenantId, (tx) => selectAttachmentJson(tx, tenantId, attachmentId));
  if (!out) throw AppError.notFound();
  return out;
}
