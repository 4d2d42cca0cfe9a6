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

export const tagEnvelope = z.object({ data: tagSchema }).meta({ id: 'TagEnvelope' });

export const tagParams = z.object({ tagId: z.uuid() });

export const entityTagParams = z.object({ entityId: z.uuid(), tagId: z.uuid() });

/** Rename (either language) or re-scope a tag; at least one field. `nameAr: null` clears the Arabic name. */
export const updateTagInput = z
  .object({
    nameEn: createTagInput.shape.nameEn.optional(),
    nameAr: createTagInput.shape.nameAr.unwrap().nullable().optional(),
    scope: tagScope.optional(),
  })
  .refine((body) => body.nameEn !== undefined || body.nameAr !== undefined || body.scope !== undefined, {
    message: 'send at least one of nameEn, nameAr, scope',
    path: ['nameEn'],
  });
export type UpdateTagInput = z.infer<typeof updateTagInput>;

/** How many records carry a tag: the admin screen shows it, and a tag in use cannot be deleted. */
export const tagUsageSchema = z
  .object({
    tagId: z.uuid(),
    entities: z.number().int(),
    transactions: z.number().int(),
  })
  .meta({ id: 'TagUsage' });
export const tagUsageList = z.object({ data: z.array(tagUsageSchema) }).meta({ id: 'TagUsageList' });
export type TagUsage = z.infer<typeof tagUsageSchema>;

export const tagDeleted = z.object({ deleted: z.literal(true) }).meta({ id: 'TagDeleted' });
export const entityTagChanged = z.object({ entityId: z.uuid(), tagId: z.uuid(), assigned: z.boolean() }).meta({ id: 'EntityTagChange' });
