import crypto from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '@/lib/core/errors';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { getAttachmentStorage, maxAttachmentBytes } from './storage';
import { selectAttachmentJson } from './attachment-json';
import { takeUploadBudget } from './upload-budget';

/** Images, videos and PDF, decided from the bytes (magic numbers), never from the name or the declared type. */
export function isAllowedMimeType(mime: string): boolean {
  return mime.startsWith('image/') || mime.startsWith('video/') || mime === 'application/pdf';
}

export async function detectMimeType(bytes: Uint8Array): Promise<string | undefined> {
  const type = await fileTypeFromBuffer(bytes);
  return type?.mime;
}

export interface CreateAttachmentInput {
  tenantId: string;
  bytes: Uint8Array;
  name: string;
  actor: Actor;
  requestId?: string;
  /**
   * Ties the new attachment to its owner (a case, a document) in the same transaction as the row, so
   * a refused link (an unknown case, another tenant's id) leaves neither the row nor the file.
   */
  link?: (tx: Tx, attachmentId: string) => Promise<void>;
}

/**
 * Stores the bytes first, then the row; if the row fails the file is removed, so nothing dangles.
 * The upload is taken from the tenant's daily budget in the row's transaction (upload-budget.ts).
 */
export async function createAttachment({ tenantId, bytes, name, actor, requestId, link }: CreateAttachmentInput) {
  if (bytes.byteLength > maxAttachmentBytes()) throw new AppError('PAYLOAD_TOO_LARGE');
  if (bytes.byteLength === 0) throw AppError.validation('file: empty file');
  const mimeType = await detectMimeType(bytes);
  if (!mimeType || !isAllowedMimeType(mimeType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const id = crypto.randomUUID();
  const storageKey = `${tenantId}/${id}`;
  const storage = getAttachmentStorage();
  await storage.put(storageKey, bytes);
  try {
    const data = await withTenant(tenantId, async (tx) => {
      await takeUploadBudget(tx, { tenantId, bytes: bytes.byteLength });
      await tx.attachment.create({
        data: {
          id,
          tenantId,
          name,
          mimeType,
          size: BigInt(bytes.byteLength),
          sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
          storageKey,
          createdByUserId: actor.type === 'user' ? (actor.id ?? null) : null,
          createdByKeyId: actor.type === 'apiKey' ? (actor.id ?? null) : null,
        },
      });
      await writeAudit(tx, {
        tenantId,
        actor,
        action: 'attachment.create',
        targetType: 'Attachment',
        targetId: id,
        after: { name, mimeType, size: bytes.byteLength },
        requestId,
      });
      if (link) await link(tx, id);
      return (await selectAttachmentJson(tx, tenantId, id))!;
    });
    return { data, creationStatus: 'Created' as const };
  } catch (error) {
    await storage.delete(storageKey).catch(() => {});
    throw error;
  }
}
