import { AppError } from '@/lib/core/errors';
import { parseOrThrow } from '@/lib/core/validation';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { updateTagInput, type TagUsage, type UpdateTagInput } from './schemas';
import { selectTagsJson } from './tag-json';

/**
 * How many records carry each of the tenant's tags (or one tag): entities through EntityTag,
 * transactions through their `tagIds`. A tag in use cannot be deleted or moved to another scope,
 * so nothing is left carrying a tag that no longer exists or no longer fits it.
 */
async function selectTagUsage(tx: Tx, { tenantId, tagId = null }: { tenantId: string; tagId?: string | null }): Promise<TagUsage[]> {
  const rows = await tx.$queryRaw<{ tagId: string; entities: number; transactions: number }[]>`
    SELECT t."id" AS "tagId",
      (SELECT count(*)::int FROM "EntityTag" et WHERE et."tenantId" = ${tenantId}::uuid AND et."tagId" = t."id") AS "entities",
      (SELECT count(*)::int FROM "Transaction" tr WHERE tr."tenantId" = ${tenantId}::uuid AND t."id" = ANY(tr."tagIds")) AS "transactions"
    FROM "Tag" t
    WHERE t."tenantId" = ${tenantId}::uuid AND (${tagId}::uuid IS NULL OR t."id" = ${tagId}::uuid)
    ORDER BY t."nameEn", t."id"`;
  return rows;
}

export async function listTagUsage({ tenantId }: { tenantId: string }) {
  return { data: await withTenant(tenantId, (tx) => selectTagUsage(tx, { tenantId })) };
}

const inUse = (usage: TagUsage | undefined) => Boolean(usage && usage.entities + usage.transactions > 0);

/**
 * Renames a tag (either language) or changes its scope; audited with before and after. Another
 * tenant's or an unknown tag is NOT_FOUND; the same English name twice in one scope is CONFLICT;
 * a new scope for a tag that records still carry is TAG_IN_USE.
 */
export async function updateTag({
  tenantId,
  tagId,
  input,
  actor,
  requestId,
}: {
  tenantId: string;
  tagId: string;
  input: UpdateTagInput;
  actor: Actor;
  requestId?: string;
}) {
  const body = parseOrThrow(updateTagInput, input);
  return withTenant(tenantId, async (tx) => {
    const tag = await tx.tag.findFirst({ where: { id: tagId, tenantId } });
    if (!tag) throw AppError.notFound();
    const next = { nameEn: body.nameEn ?? tag.nameEn, nameAr: body.nameAr === undefined ? tag.nameAr : body.nameAr, scope: body.scope ?? tag.scope };
    if (next.scope !== tag.scope) {
      const [usage] = await selectTagUsage(tx, { tenantId, tagId });
      if (inUse(usage)) throw new AppError('TAG_IN_USE');
    }
    if (next.nameEn !== tag.nameEn || next.scope !== tag.scope) {
      const clash = await tx.tag.findFirst({ where: { tenantId, scope: next.scope, nameEn: next.nameEn, NOT: { id: tagId } }, select: { id: true } });
      if (clash) throw new AppError('CONFLICT', undefined, 'duplicateTag');
    }
    await tx.tag.update({ where: { id: tagId }, data: next });
    const before = { nameEn: tag.nameEn, nameAr: tag.nameAr, scope: tag.scope };
    await writeAudit(tx, { tenantId, actor, action: 'tag.update', targetType: 'Tag', targetId: tagId, before, after: next, requestId });
    const [out] = await selectTagsJson(tx, { tenantId, tagId, take: 1 });
    return { data: out! };
  });
}

/** Deletes a tag no record carries (TAG_IN_USE otherwise, with nothing changed); audited with what it was. */
export async function deleteTag({ tenantId, tagId, actor, requestId }: { tenantId: string; tagId: string; actor: Actor; requestId?: string }) {
  return withTenant(tenantId, async (tx) => {
    // Lock the row so an assignment racing the delete waits and then finds no tag (NOT_FOUND).
    const [tag] = await tx.$queryRaw<{ id: string; nameEn: string; nameAr: string | null; scope: string }[]>`
      SELECT "id", "nameEn", "nameAr", "scope"::text AS "scope" FROM "Tag"
      WHERE "id" = ${tagId}::uuid AND "tenantId" = ${tenantId}::uuid FOR UPDATE`;
    if (!tag) throw AppError.notFound();
    const [usage] = await selectTagUsage(tx, { tenantId, tagId });
    if (inUse(usage)) throw new AppError('TAG_IN_USE');
    await tx.tag.delete({ where: { id: tagId } });
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'tag.delete',
      targetType: 'Tag',
      targetId: tagId,
      before: { nameEn: tag.nameEn, nameAr: tag.nameAr, scope: tag.scope },
      requestId,
    });
    return { deleted: true as const };
  });
}

/**
 * Puts an Entity-scope tag on an entity, or takes it off; audited on the entity (its timeline shows
 * it). Assigning a tag the entity already has, or removing one it lacks, changes nothing and writes
 * nothing. Another tenant's entity or tag is NOT_FOUND; a tag of another scope is a VALIDATION_ERROR.
 */
export async function setEntityTag({
  tenantId,
  entityId,
  tagId,
  assigned,
  actor,
  requestId,
}: {
  tenantId: string;
  entityId: string;
  tagId: string;
  assigned: boolean;
  actor: Actor;
  requestId?: string;
}) {
  return withTenant(tenantId, async (tx) => {
    const entity = await tx.entity.findFirst({ where: { id: entityId, tenantId }, select: { id: true } });
    if (!entity) throw AppError.notFound();
    const [tag] = await tx.$queryRaw<{ id: string; nameEn: string; scope: string }[]>`
      SELECT "id", "nameEn", "scope"::text AS "scope" FROM "Tag"
      WHERE "id" = ${tagId}::uuid AND "tenantId" = ${tenantId}::uuid FOR SHARE`;
    if (!tag) throw AppError.notFound();
    if (assigned && tag.scope !== 'Entity') throw AppError.validation('tagId: only tags of the Entity scope can be put on an entity');
    const changed = assigned
      ? (await tx.$executeRaw`
          INSERT INTO "EntityTag" ("tenantId", "entityId", "tagId") VALUES (${tenantId}::uuid, ${entityId}::uuid, ${tagId}::uuid)
          ON CONFLICT DO NOTHING`) > 0
      : (await tx.entityTag.deleteMany({ where: { tenantId, entityId, tagId } })).count > 0;
    if (changed) {
      await writeAudit(tx, {
        tenantId,
        actor,
        action: assigned ? 'entity.tag.add' : 'entity.tag.remove',
        targetType: 'Entity',
        targetId: entityId,
        after: { tagId, tag: tag.nameEn },
        requestId,
      });
    }
    return { entityId, tagId, assigned };
  });
}
