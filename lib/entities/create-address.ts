import { AppError } from '@/lib/core/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { selectAddressesJson } from './address-json';

export interface AddressInput {
  cityNameEn?: string;
  district?: string;
  districtName?: string;
  streetNameEn?: string;
  streetNameAr?: string;
  unitNumber?: string;
  shortCode?: string;
  latitude?: string;
  longitude?: string;
  /** International format, e.g. +966501234567. */
  phoneNumber?: string;
  fullAddress?: string;
  status?: 'Submitted' | 'Verified' | 'Rejected';
}

/**
 * Adds an address to an entity (used by the seed and by tests; the REST API only lists addresses).
 * The city is looked up by its English name in the global city table.
 */
export async function createAddress({ tenantId, entityId, input, actor }: { tenantId: string; entityId: string; input: AddressInput; actor: Actor }) {
  return withTenant(tenantId, async (tx) => {
    if (!(await tx.entity.findFirst({ where: { id: entityId, tenantId }, select: { id: true } }))) throw AppError.notFound();
    const { cityNameEn, ...fields } = input;
    const city = cityNameEn ? await tx.city.findUnique({ where: { nameEn: cityNameEn } }) : null;
    if (cityNameEn && !city) throw AppError.validation(`cityNameEn: unknown city ${cityNameEn}`);
    const row = await tx.address.create({ data: { tenantId, entityId, ...fields, cityId: city?.id ?? null }, select: { id: true } });
    await writeAudit(tx, { tenantId, actor, action: 'address.create', targetType: 'Address', targetId: row.id, after: { entityId, ...input } });
    const [out] = await selectAddressesJson(tx, { tenantId, entityId, addressId: row.id });
    return out!;
  });
}
