import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { PageHeader } from '@/components/ui/page-header';
import { EntityForm } from '@/components/entities/entity-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('entityForm');
  return { title: t('title') };
}

export default async function NewEntityPage() {
  await requireUser({ roles: ['admin', 'officer', 'rm'] });
  const t = await getTranslations('entityForm');
  return (
    <>
      <PageHeader title={t('title')} />
      <EntityForm />
    </>
  );
}
