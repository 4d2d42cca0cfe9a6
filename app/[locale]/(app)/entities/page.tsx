import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { PageHeader } from '@/components/ui/page-header';
import { EntityList } from '@/components/entities/entity-list';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('entities');
  return { title: t('title') };
}

export default async function EntitiesPage() {
  const { user } = await requireUser({ roles: ['admin', 'officer', 'rm'] });
  const t = await getTranslations('entities');
  return (
    <>
      <PageHeader title={t('title')} />
      <Suspense>
        <EntityList canExport={user.role === 'admin' || user.role === 'officer'} />
      </Suspense>
    </>
  );
}
