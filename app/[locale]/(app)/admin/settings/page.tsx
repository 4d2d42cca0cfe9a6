import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { getTenantSettings } from '@/lib/tenancy/tenant-settings';
import { PageHeader } from '@/components/ui/page-header';
import { TenantSettingsForm } from '@/components/admin/tenant-settings';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('tenantSettings');
  return { title: t('title') };
}

export default async function TenantSettingsPage() {
  const session = await requireUser({ roles: ['admin'] });
  const t = await getTranslations('tenantSettings');
  const { data } = await getTenantSettings({ tenantId: session.tenantId });
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <TenantSettingsForm initial={data} />
    </>
  );
}
