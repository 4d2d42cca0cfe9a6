import { AppError } from '@/lib/core/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { assertAttachmentsExist, insertIdentity } from './create-entity';
import { selectIdentityJson } from './identity-json';
import { buildSearchText } from './search-text';
import type { IdentityInput } from './schemas';

/**
 * Adds an identity to an entity. Every documentId must be an attachment of this tenant (else
 * NOT_FOUND); the same type and number twice on one entity is a CONFLICT. The entity's search text
 * gains the number so `q` finds it.
 */
export async function createIdentity({
  tenantId,
  entityId,
  input,
  actor,
  requestId,
}: {
  tenantId: string;
  entityId: string;
  input: IdentityInput;
  actor: Actor;
  requestId?: string;
}) {
  return withTenant(tenantId, async (tx) => {
    const entity = await tx.entity.findFirst({
      where: { id: entityId, tenantId },
      select: {
        id: true,
        nameEn: true,
        nameAr: true,
        email: true,
        crmId: true,
        identities: { select: { type: true, number: true } },
        bankAccounts: { select: { iban: true } },
      },
    });
    if (!entity) throw AppError.notFound();
    await assertAttachmentsExist(tx, tenantId, input.documentIds ?? []);
    if (entity.identities.some((i) => i.type === input.type && i.number === input.number)) throw new AppError('CONFLICT', undefined, 'duplicateIdentity');
    const { id } = await insertIdentity(tx, tenantId, entityId, input);
    await tx.entity.update({
      where: { id: entityId },
      data: {
        searchText: buildSearchText(
          entity,
          [...entity.identities.map((i) => i.number), input.number],
          entity.bankAccounts.map((b) => b.iban),
        ),
      },
    });
    const out = (await selectIdentityJson(tx, tenantId, id))!;
    await writeAudit(tx, { tenantId, actor, action: 'identity.create', targetType: 'Identity', targetId: id, after: { entityId, ...out }, requestId });
    return { data: out, creationStatus: 'Created' as const };
  });
}
