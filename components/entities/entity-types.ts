/** The parts of the API's Entity resource the UI reads (the service returns the spec's shape). */
export interface EntityRow {
  id: string;
  crmId?: string | null;
  role?: string | null;
  type?: string | null;
  status?: string | null;
  nameEn?: string | null;
  nameAr?: string | null;
  email?: string | null;
  createdAt: string;
}

export interface EntityPage {
  meta: { page: number; size: number; totalCount: number; totalPages: number };
  data: EntityRow[];
}

/** The name in the reader's language, falling back to the other one. */
export function displayName(locale: string, entity: { nameEn?: string | null; nameAr?: string | null }): string | null {
  return (locale === 'ar' ? entity.nameAr || entity.nameEn : entity.nameEn || entity.nameAr) ?? null;
}
