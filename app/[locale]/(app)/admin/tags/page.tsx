import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { PageHeader } from '@/components/ui/page-header';
import { TagsAdmin } from '@/components/admin/tags';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('tagsAdmin');
  return { title: t('title') };
}

export default async function TagsPage() {
  await requireUser({ roles: ['admin', 'officer'] });
  const t = await getTranslations('tagsAdmin');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <TagsAdmin />
    </>
  );
}
