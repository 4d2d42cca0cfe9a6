import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** Keeps `(page - 1) * size` within PostgreSQL's integer range (the offset a list query takes). */
export const MAX_PAGE = 10_000_000;

/** `page` (1-based) and `size` query parameters; non-numeric, page < 1 or > MAX_PAGE, or size > 100 are 400s. */
export const pageQuery = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE)
    .default(1)
    .meta({ description: `Page number, 1-based, at most ${MAX_PAGE.toLocaleString('en')}.` }),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .meta({ description: `Page size, at most ${MAX_PAGE_SIZE}.` }),
});

export type PageQuery = z.infer<typeof pageQuery>;

export const pageMeta = z
  .object({
    page: z.number().int(),
    size: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'PageMeta' });

export type PageMeta = z.infer<typeof pageMeta>;

export function pageOf({ page, size }: PageQuery): { skip: number; take: number } {
  return { skip: (page - 1) * size, take: size };
}

export function buildMeta({ page, size }: PageQuery, totalCount: number): PageMeta {
  return { page, size, totalCount, totalPages: Math.ceil(totalCount / size) };
}

/** Response schema `{meta, data: [item]}` for a list operation. */
export function pageOfSchema<T extends z.ZodType>(item: T) {
  return z.object({ meta: pageMeta, data: z.array(item) });
}
