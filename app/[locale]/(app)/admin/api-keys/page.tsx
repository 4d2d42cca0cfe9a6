import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { PageHeader } from '@/components/ui/page-header';
import { ApiKeysAdmin } from '@/components/admin/api-keys';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('apiKeys');
  return { title: t('title') };
}

export default async function ApiKeysPage() {
  await requireUser({ roles: ['admin'] });
  const t = await getTranslations('apiKeys');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <ApiKeysAdmin />
    </>
  );
}
