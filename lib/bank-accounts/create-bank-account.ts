import { AppError } from '@/lib/core/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { resolveIban } from './resolve-iban';
import { selectBankAccountJson } from './bank-account-json';

export interface CreateBankAccountArgs {
  tenantId: string;
  entityId: string;
  iban: string;
  isPrimary?: boolean;
  attachmentId?: string;
  holderName?: string;
  actor: Actor;
  requestId?: string;
}

/**
 * Adds a bank account to an entity. With a supporting attachment it is a `Manual` account waiting
 * for review; without, an `Automatic` one, `Verified` because the IBAN and bank were checked
 * automatically. A new primary account demotes the previous one in the same transaction (a partial
 * unique index guarantees one primary per entity). The same IBAN twice on one entity is a CONFLICT.
 */
export async function createBankAccount(args: CreateBankAccountArgs) {
  const { tenantId, entityId, actor, requestId } = args;
  const resolved = resolveIban(args.iban);
  if (!resolved) throw AppError.validation('iban: not a valid IBAN (ISO 13616 checksum and country length)');
  return withTenant(tenantId, async (tx) => {
    const entity = await tx.entity.findFirst({ where: { id: entityId, tenantId }, select: { id: true, nameEn: true, nameAr: true, searchText: true } });
    if (!entity) throw AppError.notFound();
    if (args.attachmentId) {
      const attachment = await tx.attachment.findFirst({ where: { id: args.attachmentId, tenantId }, select: { id: true } });
      if (!attachment) throw AppError.notFound();
    }
    if (await tx.bankAccount.findFirst({ where: { tenantId, entityId, iban: resolved.iban }, select: { id: true } })) {
      throw new AppError('CONFLICT', undefined, 'duplicateIban');
    }
    const isPrimary = args.isPrimary ?? false;
    if (isPrimary) await tx.bankAccount.updateMany({ where: { tenantId, entityId, primary: true }, data: { primary: false } });
    const manual = Boolean(args.attachmentId);
    const account = await tx.bankAccount.create({
      data: {
        tenantId,
        entityId,
        iban: resolved.iban,
        primary: isPrimary,
        bankNameEn: resolved.bankNameEn,
        bankNameAr: resolved.bankNameAr,
        swiftCode: resolved.swiftCode,
        bankCode: resolved.bankCode,
        holderName: args.holderName ?? entity.nameEn ?? entity.nameAr ?? null,
        source: manual ? 'Manual' : 'Automatic',
        verificationStatus: manual ? 'PendingReview' : 'Verified',
        attachmentId: args.attachmentId ?? null,
      },
      select: { id: true },
    });
    // The IBAN becomes searchable (`q`); the database folds the text on write.
    await tx.entity.update({ where: { id: entityId }, data: { searchText: `${entity.searchText} ${resolved.iban}` } });
    const out = (await selectBankAccountJson(tx, tenantId, account.id))!;
    await writeAudit(tx, { tenantId, actor, action: 'bankAccount.create', targetType: 'BankAccount', targetId: account.id, after: out, requestId });
    return { data: out };
  });
}
