import { formatTimestamp } from '@/lib/core/format';
import type { TagOut } from './schemas';

export function formatTag(t: { id: string; createdAt: Date; updatedAt: Date; nameEn: string; nameAr: string | null; scope: TagOut['scope'] }): TagOut {
  return { id: t.id, createdAt: formatTimestamp(t.createdAt), updatedAt: formatTimestamp(t.updatedAt), nameEn: t.nameEn, nameAr: t.nameAr, scope: t.scope };
}
