import type { Tx } from '@/lib/db/tenant-tx';
import type { AttachmentOut } from './schemas';

/**
 * One of the tenant's attachments in the API's shape, read inside the caller's transaction, or
 * undefined. PostgreSQL builds it (crm_attachment_json in prisma/sql), as it does for the
 * attachments inside entity documents: one producer of the shape.
 */
export async function selectAttachmentJson(tx: Tx, tenantId: string, attachmentId: string): Promise<AttachmentOut | undefined> {
  const rows = await tx.$queryRaw<{ json: string }[]>`
    SELECT crm_attachment_json(a)::text AS json FROM "Attachment" a
    WHERE a."tenantId" = ${tenantId}::uuid AND a."id" = ${attachmentId}::uuid`;
  return rows[0] ? (JSON.parse(rows[0].json) as AttachmentOut) : undefined;
}
