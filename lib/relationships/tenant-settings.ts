import { withPlatform } from '@/lib/db/tenant-tx';

/**
 * A tenant's relationship settings: the beneficial-ownership threshold (percent, 0 < t ≤ 100) and
 * the language of e-mails to people whose preference is not known. Operators set them with
 * `npm run crm -- tenant:relationships`.
 */
export async function updateRelationshipSettings({
  tenantId,
  uboThreshold,
  defaultLanguage,
}: {
  tenantId: string;
  uboThreshold?: number;
  defaultLanguage?: 'en' | 'ar';
}): Promise<{ uboThreshold: string; defaultLanguage: string }> {
  const tenant = await withPlatform((tx) =>
    tx.tenant.update({
      where: { id: tenantId },
      data: { ...(uboThreshold === undefined ? {} : { uboThreshold }), ...(defaultLanguage ? { defaultLanguage } : {}) },
      select: { uboThreshold: true, defaultLanguage: true },
    }),
  );
  return { uboThreshold: tenant.uboThreshold.toString(), defaultLanguage: tenant.defaultLanguage };
}
