import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { PageHeader } from '@/components/ui/page-header';
import { CaseQueue } from '@/components/cases/case-queue';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('cases');
  return { title: t('title') };
}

export default async function CasesPage() {
  await requireUser({ roles: ['admin', 'officer'] });
  const t = await getTranslations('cases');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Suspense>
        <CaseQueue />
      </Suspense>
    </>
  );
}
