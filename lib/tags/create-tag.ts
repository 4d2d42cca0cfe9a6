import { AppError } from '@/lib/core/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { createTagInput, type CreateTagInput } from './schemas';
import { selectTagsJson } from './tag-json';

/** Creates a tag (officers, CLI, seed). The same English name twice in one scope is a CONFLICT. */
export async function createTag({ tenantId, input, actor, requestId }: { tenantId: string; input: CreateTagInput; actor: Actor; requestId?: string }) {
  const parsed = createTagInput.safeParse(input);
  if (!parsed.success) throw AppError.validation(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const { nameEn, nameAr, scope } = parsed.data;
  return withTenant(tenantId, async (tx) => {
    const existing = await tx.tag.findFirst({ where: { tenantId, scope, nameEn } });
    if (existing) throw new AppError('CONFLICT', undefined, 'duplicateTag');
    const tag = await tx.tag.create({ data: { tenantId, nameEn, nameAr: nameAr ?? null, scope } });
    await writeAudit(tx, { tenantId, actor, action: 'tag.create', targetType: 'Tag', targetId: tag.id, after: { nameEn, nameAr, scope }, requestId });
    const [out] = await selectTagsJson(tx, { tenantId, tagId: tag.id, take: 1 });
    return out!;
  });
}
