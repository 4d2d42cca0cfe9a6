import { AppError } from '@/lib/core/errors';
import { withPlatform } from '@/lib/db/tenant-tx';
import { createApiKey } from './api-keys';
import { createTenantInput, type CreateTenantInput } from './schemas';

export async function createTenant(input: CreateTenantInput) {
  const parsed = createTenantInput.parse(input);
  const tenant = await withPlatform(async (tx) => {
    const existing = await tx.tenant.findUnique({ where: { slug: parsed.slug } });
    if (existing) throw new AppError('CONFLICT');
    return tx.tenant.create({ data: parsed });
  });
  const { apiKey } = await createApiKey({ tenantId: tenant.id, label: 'initial' });
  return { tenant, apiKey };
}

export async function getTenantBySlug({ slug }: { slug: string }) {
  const tenant = await withPlatform((tx) => tx.tenant.findUnique({ where: { slug } }));
  if (!tenant) throw AppError.notFound();
  return tenant;
}

export async function listTenants() {
  return withPlatform((tx) => tx.tenant.findMany({ orderBy: { slug: 'asc' } }));
}
