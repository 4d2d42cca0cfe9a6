import { formatTimestamp } from '@/lib/core/format';
import type { AttachmentOut } from './schemas';

export interface AttachmentRow {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  name: string;
  mimeType: string;
  size: bigint;
}

export function formatAttachment(a: AttachmentRow): AttachmentOut {
  return {
    id: a.id,
    createdAt: formatTimestamp(a.createdAt),
    updatedAt: formatTimestamp(a.updatedAt),
    name: a.name,
    mimeType: a.mimeType,
    size: a.size.toString(),
    createdBy: null,
  };
}

/** Columns formatAttachment needs (Prisma `select`). */
export const attachmentSelect = { id: true, createdAt: true, updatedAt: true, name: true, mimeType: true, size: true } as const;
