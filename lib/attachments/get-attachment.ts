import { ApiError } from '@/lib/api/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { selectAttachmentJson } from './attachment-json';

/** Attachment metadata (unwrapped Attachment); another tenant's id is NOT_FOUND. */
export async function getAttachment({ tenantId, attachmentId }: { tenantId: string; attachmentId: string }) {
  const out = await withTenant(tenantId, (tx) => selectAttachmentJson(tx, tenantId, attachmentId));
  if (!out) throw ApiError.notFound();
  return out;
}
