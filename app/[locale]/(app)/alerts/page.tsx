import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { PageHeader } from '@/components/ui/page-header';
import { AlertQueue } from '@/components/transactions/alert-queue';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('transactions');
  return { title: t('alertsTitle') };
}

export default async function AlertsPage() {
  const session = await requireUser({ roles: ['admin', 'officer'] });
  const t = await getTranslations('transactions');
  return (
    <>
      <PageHeader title={t('alertsTitle')} description={t('alertsDescription')} />
      {/* The queue reads its filters from the URL (useSearchParams). */}
      <Suspense>
        <AlertQueue userId={session.user.id} />
      </Suspense>
    </>
  );
}
