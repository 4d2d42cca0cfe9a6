import type { Tx } from '@/lib/db/tenant-tx';
import type { AddressOut } from './schemas';

/**
 * An entity's addresses in the API's shape, oldest first, read inside the caller's transaction
 * (`addressId` narrows to one). PostgreSQL builds them (crm_address_json in prisma/sql), as it does
 * for a profile's `addresses`: one producer of the shape.
 */
export async function selectAddressesJson(
  tx: Tx,
  { tenantId, entityId, addressId = null, skip = 0, take = 1 }: { tenantId: string; entityId: string; addressId?: string | null; skip?: number; take?: number },
): Promise<AddressOut[]> {
  const rows = await tx.$queryRaw<{ json: string }[]>`
    SELECT crm_address_json(ad, a, c)::text AS json
    FROM "Address" ad
    LEFT JOIN "Attachment" a ON a."id" = ad."attachmentId"
    LEFT JOIN "City" c ON c."id" = ad."cityId"
    WHERE ad."tenantId" = ${tenantId}::uuid AND ad."entityId" = ${entityId}::uuid
      AND (${addressId}::uuid IS NULL OR ad."id" = ${addressId}::uuid)
    ORDER BY ad."createdAt", ad."id"
    LIMIT ${take}::int OFFSET ${skip}::int`;
  return rows.map((row) => JSON.parse(row.json) as AddressOut);
}
