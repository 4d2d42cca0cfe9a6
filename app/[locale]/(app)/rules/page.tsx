import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { PageHeader } from '@/components/ui/page-header';
import { RuleManager } from '@/components/transactions/rule-manager';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('transactions');
  return { title: t('rulesTitle') };
}

export default async function RulesPage() {
  await requireUser({ roles: ['admin', 'officer'] });
  const t = await getTranslations('transactions');
  return (
    <>
      <PageHeader title={t('rulesTitle')} description={t('rulesDescription')} />
      <RuleManager />
    </>
  );
}
