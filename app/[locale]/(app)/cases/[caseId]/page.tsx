import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { orNotFound } from '@/lib/http/page-data';
import { getCase } from '@/lib/cases/read-cases';
import { PageHeader } from '@/components/ui/page-header';
import { TransactionCaseView } from '@/components/transactions/transaction-case-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('transactions');
  return { title: t('caseTitle') };
}

// Transaction-monitoring cases get their view here; screening cases keep their own review screen
// (the two are combined by case kind when both exist).
export default async function CasePage({ params }: { params: Promise<{ caseId: string }> }) {
  const { caseId } = await params;
  const session = await requireUser({ roles: ['admin', 'officer'] });
  if (!UUID.test(caseId)) notFound();
  const data = await orNotFound(getCase({ tenantId: session.tenantId, caseId }));
  const t = await getTranslations('transactions');
  return (
    <>
      <PageHeader title={t('caseTitle')} />
      {data.kind === 'TransactionMonitoring' ? <TransactionCaseView initial={data} userId={session.user.id} /> : <p className="text-sm">{t('otherKind')}</p>}
    </>
  );
}
