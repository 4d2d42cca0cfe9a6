import { AppError } from '@/lib/core/errors';
import { parseOrThrow } from '@/lib/core/validation';
import { withPlatform, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { countTenantEntities } from '@/lib/bulk/quota';
import { DEFAULT_THRESHOLDS as KYC_DEFAULTS } from '@/lib/kyc/score-kyc';
import { resolveThresholds } from '@/lib/screening/thresholds';
import { applyTenantMfaPolicy } from './mfa';
import { updateTenantSettingsInput, type TenantSettings, type UpdateTenantSettingsInput } from './schemas';

const round = (n: number) => Math.round(n * 100) / 100;

async function readSettings(tx: Tx, tenantId: string): Promise<TenantSettings> {
  const tenant = await tx.tenant.findUnique({ where: { id: tenantId } });
  if (!tenant) throw AppError.notFound();
  const kyc = await tx.kycSettings.findUnique({ where: { tenantId } });
  const screening = resolveThresholds(tenant.screeningConfig ?? undefined);
  return {
    quota: { soft: tenant.entityQuotaSoft, hard: tenant.entityQuotaHard, entities: await countTenantEntities(tx, tenantId) },
    screening: { review: round(screening.review * 100), autoMatch: round(screening.autoMatch * 100) },
    kycRisk: kyc ? { mediumFrom: Number(kyc.mediumFrom), highFrom: Number(kyc.highFrom) } : { ...KYC_DEFAULTS },
    uboThreshold: Number(tenant.uboThreshold),
    defaultLanguage: tenant.defaultLanguage === 'ar' ? 'ar' : 'en',
    timeZone: tenant.timeZone,
    mfaRequired: tenant.mfaRequired,
  };
}

export async function getTenantSettings({ tenantId }: { tenantId: string }) {
  return { data: await withPlatform((tx) => readSettings(tx, tenantId)) };
}

/** The tenant's time zone (for pages and formatting), or Asia/Riyadh when the tenant is unknown. */
export async function getTenantTimeZone({ tenantId }: { tenantId: string }): Promise<string> {
  const tenant = await withPlatform((tx) => tx.tenant.findUnique({ where: { id: tenantId }, select: { timeZone: true } }));
  return tenant?.timeZone ?? 'Asia/Riyadh';
}

/**
 * Changes any of the tenant's settings in one transaction, each where its service reads it, and
 * audits `tenant.settings.update` with the values before and after (only the sections sent); a
 * changed two-step sign-in policy is also audited as `tenant.mfa-policy`, as from the users API.
 */
export async function updateTenantSettings({
  tenantId,
  input,
  actor,
  requestId,
}: {
  tenantId: string;
  input: UpdateTenantSettingsInput;
  actor: Actor;
  requestId?: string;
}) {
  const body = parseOrThrow(updateTenantSettingsInput, input);
  return withPlatform(async (tx) => {
    // Lock the tenant row: bulk onboarding reads the quota under the same lock.
    await tx.$queryRaw`SELECT 1 FROM "Tenant" WHERE id = ${tenantId}::uuid FOR UPDATE`;
    const before = await readSettings(tx, tenantId);
    const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { screeningConfig: true } });
    await tx.tenant.update({
      where: { id: tenantId },
      data: {
        ...(body.quota ? { entityQuotaSoft: body.quota.soft, entityQuotaHard: body.quota.hard } : {}),
        ...(body.screening
          ? {
              screeningConfig: {
                ...(tenant.screeningConfig && typeof tenant.screeningConfig === 'object' ? (tenant.screeningConfig as Record<string, unknown>) : {}),
                review: body.screening.review,
                autoMatch: body.screening.autoMatch,
              },
            }
          : {}),
        ...(body.uboThreshold === undefined ? {} : { uboThreshold: body.uboThreshold }),
        ...(body.defaultLanguage ? { defaultLanguage: body.defaultLanguage } : {}),
        ...(body.timeZone ? { timeZone: body.timeZone } : {}),
      },
    });
    if (body.mfaRequired !== undefined) await applyTenantMfaPolicy(tx, { tenantId, required: body.mfaRequired, actor, requestId });
    if (body.kycRisk) {
      await tx.kycSettings.upsert({ where: { tenantId }, create: { tenantId, ...body.kycRisk }, update: body.kycRisk });
    }
    const after = await readSettings(tx, tenantId);
    const keys = Object.keys(body) as (keyof UpdateTenantSettingsInput)[];
    const pick = (s: TenantSettings) => Object.fromEntries(keys.map((k) => [k, k === 'quota' ? { soft: s.quota.soft, hard: s.quota.hard } : s[k]]));
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'tenant.settings.update',
      targetType: 'Tenant',
      targetId: tenantId,
      before: pick(before),
      after: pick(after),
      requestId,
    });
    return { data: after };
  });
}
