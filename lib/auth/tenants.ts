import { withPlatform } from '@/lib/db/tenant-tx';

export type TenantChoice = { id: string; slug: string; nameEn: string; nameAr: string | null };

/** Tenants a platform administrator may switch to (everything), oldest first. */
export function listTenantChoices(): Promise<TenantChoice[]> {
  return withPlatform((tx) => tx.tenant.findMany({ orderBy: { createdAt: 'asc' }, select: { id: true, slug: true, nameEn: true, nameAr: true } }));
}

export function findTenantChoice(tenantId: string): Promise<TenantChoice | null> {
  if (!/^[0-9a-f-]{36}$/i.test(tenantId)) return Promise.resolve(null);
  return withPlatform((tx) => tx.tenant.findUnique({ where: { id: tenantId }, select: { id: true, slug: true, nameEn: true, nameAr: true } }));
}
