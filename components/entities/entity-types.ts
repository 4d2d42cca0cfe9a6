import type { z } from 'zod';
import type { entityList } from '@/lib/entities/schemas';

/** A page of GET /services/crm/entities, as its response schema says. */
export type EntityPage = z.infer<typeof entityList>;
export type EntityRow = EntityPage['data'][number];

/** The name in the reader's language, falling back to the other one. */
export function displayName(locale: string, entity: { nameEn?: string | null; nameAr?: string | null }): string | null {
  return (locale === 'ar' ? entity.nameAr || entity.nameEn : entity.nameEn || entity.nameAr) ?? null;
}
