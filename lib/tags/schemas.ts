import { z } from 'zod';
import { wireTimestamp } from '@/lib/core/format';

export const TAG_SCOPES = ['Entity', 'Watchlist', 'Transaction', 'Case'] as const;
export const tagScope = z.enum(TAG_SCOPES);

export const tagSchema = z
  .object({
    id: z.uuid(),
    createdAt: wireTimestamp,
    updatedAt: wireTimestamp,
    nameEn: z.string(),
    nameAr: z.string().nullable(),
    scope: tagScope,
  })
  .meta({ id: 'Tag' });

export type TagOut = z.infer<typeof tagSchema>;

export const listTagsQuery = z.object({
  scope: tagScope.optional().meta({ description: 'Only tags of this scope.' }),
});

export const listTagsResponse = z.object({ data: z.array(tagSchema) }).meta({ id: 'TagList' });

export const createTagInput = z.object({
  nameEn: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters'),
  nameAr: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters')
    .optional(),
  scope: tagScope.default('Entity'),
});
export type CreateTagInput = z.input<typeof createTagInput>;
