import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { PageHeader } from '@/components/ui/page-header';
import { ReviewQueue } from '@/components/bank-accounts/review-queue';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('bankReview');
  return { title: t('title') };
}

export default async function BankReviewPage() {
  await requireUser({ roles: ['admin', 'officer'] });
  const t = await getTranslations('bankReview');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <ReviewQueue />
    </>
  );
}
