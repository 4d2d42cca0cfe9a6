/**
 * Per-tenant entity quota (decisions.md, Bulk onboarding): a soft threshold that is reported, and a
 * hard one beyond which bulk clients are not created. The tenant's entities are counted from
 * EntityCount (kept by a trigger) plus the clients of unfinished bulk jobs not created yet, so two
 * requests at once cannot both take the last room (the tenant row is locked while one reserves).
 */
import { z } from 'zod';
import { AppError } from '@/lib/core/errors';
import { withPlatform, type Tx } from '@/lib/db/tenant-tx';
import type { QuotaCode } from './schemas';

export interface Quota {
  soft: number;
  hard: number;
}

/** Locks the tenant row for the rest of the transaction and reads its quota. */
export async function lockTenantQuota(tx: Tx, tenantId: string): Promise<Quota> {
  const rows = await tx.$queryRaw<{ soft: number; hard: number }[]>`
    SELECT "entityQuotaSoft" AS soft, "entityQuotaHard" AS hard FROM "Tenant" WHERE id = ${tenantId}::uuid FOR UPDATE`;
  if (!rows[0]) throw AppError.notFound();
  return rows[0];
}

/** Entities the tenant holds now (every role). */
export async function countTenantEntities(tx: Tx, tenantId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ n: number }[]>`SELECT coalesce(sum(n), 0)::int AS n FROM "EntityCount" WHERE "tenantId" = ${tenantId}::uuid`;
  return rows[0]?.n ?? 0;
}

/** Clients accepted by bulk requests and not created yet (their room is reserved). */
export async function countReservedItems(tx: Tx, tenantId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "BulkJobItem" WHERE "tenantId" = ${tenantId}::uuid AND status = 'Pending'`;
  return rows[0]?.n ?? 0;
}

/** The answer's `quota` once `after` entities are (or will be) held and `refused` clients were turned away. */
export function quotaAnswer(quota: Quota, after: number, refused: number): { message: string; code: QuotaCode | null; remaining: number } {
  const remaining = Math.max(quota.hard - after, 0);
  const fmt = (n: number) => n.toLocaleString('en');
  const code: QuotaCode | null = refused > 0 || after >= quota.hard ? 'HARD_THRESHOLD_REACHED' : after >= quota.soft ? 'SOFT_THRESHOLD_REACHED' : null;
  const used = `${fmt(after)} of ${fmt(quota.hard)} entities used, ${fmt(remaining)} remaining.`;
  const message =
    code === 'HARD_THRESHOLD_REACHED'
      ? refused > 0
        ? `Hard threshold reached: ${fmt(refused)} client(s) of this request were not created. ${used}`
        : `Hard threshold reached: no further entities can be created. ${used}`
      : code === 'SOFT_THRESHOLD_REACHED'
        ? `Soft threshold of ${fmt(quota.soft)} entities reached. ${used}`
        : `Within quota. ${used}`;
  return { message, code, remaining };
}

const quotaInput = z
  .object({
    slug: z.string().min(1),
    soft: z.number().int().min(0).max(1_000_000_000),
    hard: z.number().int().min(0).max(1_000_000_000),
  })
  .refine((q) => q.soft <= q.hard, { message: 'the soft threshold cannot exceed the hard one', path: ['soft'] });

/** `tenant:quota --tenant acme --soft 9000 --hard 10000`: sets the thresholds, answers them with the current use. */
export async function setTenantQuota(input: { slug: string; soft: number; hard: number }) {
  const parsed = quotaInput.safeParse(input);
  if (!parsed.success) throw AppError.validation(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const { slug, soft, hard } = parsed.data;
  return withPlatform(async (tx) => {
    const tenant = await tx.tenant.findUnique({ where: { slug }, select: { id: true } });
    if (!tenant) throw AppError.notFound();
    await tx.tenant.update({ where: { id: tenant.id }, data: { entityQuotaSoft: soft, entityQuotaHard: hard } });
    const entities = await countTenantEntities(tx, tenant.id);
    const reserved = await countReservedItems(tx, tenant.id);
    return { tenant: slug, soft, hard, entities, reserved, remaining: Math.max(hard - entities - reserved, 0) };
  });
}
