import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { orNotFound } from '@/lib/http/page-data';
import { getCase } from '@/lib/cases/read-cases';
import { CaseDetail } from '@/components/cases/case-detail';
import { TransactionCaseView } from '@/components/transactions/transaction-case-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('cases');
  return { title: t('title') };
}

/**
 * One page for both kinds of case: screening cases review their matches, transaction-monitoring
 * cases their alerts (maker-checker disposition, STR draft). Another tenant's case, an unknown id
 * and a malformed id all look the same: not found.
 */
export default async function CasePage({ params }: { params: Promise<{ caseId: string }> }) {
  const { caseId } = await params;
  const { tenantId, user } = await requireUser({ roles: ['admin', 'officer'] });
  if (!UUID.test(caseId)) notFound();
  const data = await orNotFound(getCase({ tenantId, caseId }));
  if (data.kind === 'TransactionMonitoring') return <TransactionCaseView initial={data} userId={user.id} />;
  return <CaseDetail initial={data} currentUserId={user.id} canReview />;
}
