import type { Tx } from '@/lib/db/tenant-tx';
import type { IdentityOut } from './schemas';

/**
 * One of the tenant's identities in the API's shape, read inside the caller's transaction.
 * PostgreSQL builds it (crm_identity_json in prisma/sql) from the same rows, documents in the same
 * order, as the `identities` of the stored entity documents: one producer of the shape.
 */
export async function selectIdentityJson(tx: Tx, tenantId: string, identityId: string): Promise<IdentityOut | undefined> {
  const rows = await tx.$queryRaw<{ json: string }[]>`
    SELECT crm_identity_json(i, v, s, (
             SELECT json_agg(crm_attachment_json(a) ORDER BY d."position", d."attachmentId")
             FROM "IdentityDocument" d JOIN "Attachment" a ON a."id" = d."attachmentId"
             WHERE d."tenantId" = ${tenantId}::uuid AND d."identityId" = i."id"))::text AS json
    FROM "Identity" i
    LEFT JOIN "IdentityVerification" v ON v."identityId" = i."id"
    LEFT JOIN "Attachment" s ON s."id" = i."selfieId"
    WHERE i."tenantId" = ${tenantId}::uuid AND i."id" = ${identityId}::uuid`;
  return rows[0] ? (JSON.parse(rows[0].json) as IdentityOut) : undefined;
}
