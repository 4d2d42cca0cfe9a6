import type { Tx } from '@/lib/db/tenant-tx';
import type { TagOut } from './schemas';

/**
 * The tenant's tags in the API's shape, by English name, read inside the caller's transaction
 * (`tagId` narrows to one, `scope` to a scope). PostgreSQL builds them (crm_tag_json in
 * prisma/sql), as it does for an entity's `tags`: one producer of the shape.
 */
export async function selectTagsJson(
  tx: Tx,
  { tenantId, tagId = null, scope = null, take }: { tenantId: string; tagId?: string | null; scope?: TagOut['scope'] | null; take: number },
): Promise<TagOut[]> {
  const rows = await tx.$queryRaw<{ json: string }[]>`
    SELECT crm_tag_json(t)::text AS json FROM "Tag" t
    WHERE t."tenantId" = ${tenantId}::uuid
      AND (${tagId}::uuid IS NULL OR t."id" = ${tagId}::uuid)
      AND (${scope}::"TagScope" IS NULL OR t."scope" = ${scope}::"TagScope")
    ORDER BY t."nameEn", t."id"
    LIMIT ${take}::int`;
  return rows.map((row) => JSON.parse(row.json) as TagOut);
}
