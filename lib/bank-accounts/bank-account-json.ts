import type { Tx } from '@/lib/db/tenant-tx';
import type { BankAccountOut } from './schemas';

/**
 * One of the tenant's bank accounts in the API's shape, read inside the caller's transaction.
 * PostgreSQL builds it (crm_bank_account_json in prisma/sql), as it does for a profile's
 * `bankAccounts`: one producer of the shape.
 */
export async function selectBankAccountJson(tx: Tx, tenantId: string, accountId: string): Promise<BankAccountOut | undefined> {
  const rows = await tx.$queryRaw<{ json: string }[]>`
    SELECT crm_bank_account_json(b, a)::text AS json
    FROM "BankAccount" b LEFT JOIN "Attachment" a ON a."id" = b."attachmentId"
    WHERE b."tenantId" = ${tenantId}::uuid AND b."id" = ${accountId}::uuid`;
  return rows[0] ? (JSON.parse(rows[0].json) as BankAccountOut) : undefined;
}
