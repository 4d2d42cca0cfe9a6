import { AppError } from '@/lib/core/errors';
import { withPlatform } from '@/lib/db/tenant-tx';
import { installTemplateFlow } from '@/lib/kyc/flows';
import { createApiKey } from './api-keys';
import { createTenantInput, type CreateTenantInput } from './schemas';

export async function createTenant(input: CreateTenantInput) {
  const parsed = createTenantInput.parse(input);
  const tenant = await withPlatform(async (tx) => {
    const existing = await tx.tenant.findUnique({ where: { slug: parsed.slug } });
    if (existing) throw new AppError('CONFLICT');
    const created = await tx.tenant.create({ data: parsed });
    // decisions.md: a new tenant starts with the shipped KYC flow as its default.
    await installTemplateFlow(tx, created.id, { isDefault: true });
    return created;
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
