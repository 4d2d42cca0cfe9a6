import crypto from 'node:crypto';
import { createTenant } from '@/lib/tenancy/tenants';

export interface TestTenant {
  id: string;
  slug: string;
  apiKey: string;
  headers: Record<string, string>;
}

/** A tenant with an API key, ready to call the API with `headers`. Shared by tests and seeds. */
export async function createTestTenant(overrides: { slug?: string; nameEn?: string; nameAr?: string } = {}): Promise<TestTenant> {
  const slug = overrides.slug ?? `t-${crypto.randomBytes(4).toString('hex')}`;
  const { tenant, apiKey } = await createTenant({
    slug,
    nameEn: overrides.nameEn ?? `Tenant ${slug}`,
    nameAr: overrides.nameAr ?? `مستأجر ${slug}`,
  });
  return { id: tenant.id, slug, apiKey, headers: { 'x-api-key': apiKey, 'x-tenant': slug } };
}
