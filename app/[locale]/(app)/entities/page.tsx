import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { PageHeader } from '@/components/ui/page-header';
import { EntityList } from '@/components/entities/entity-list';
import { buttonClass } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('entities');
  return { title: t('title') };
}

export default async function EntitiesPage() {
  const { user } = await requireUser({ roles: ['admin', 'officer', 'rm'] });
  const t = await getTranslations('entities');
  const tf = await getTranslations('entityForm');
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Link href="/entities/new" className={buttonClass('primary', 'sm')} data-testid="new-entity">
            {tf('newEntity')}
          </Link>
        }
      />
      <Suspense>
        <EntityList canExport={user.role === 'admin' || user.role === 'officer'} />
      </Suspense>
    </>
  );
}
