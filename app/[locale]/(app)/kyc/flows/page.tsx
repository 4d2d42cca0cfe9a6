import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { MAX_PAGE_SIZE } from '@/lib/core/pagination';
import { listFlows } from '@/lib/kyc/flows';
import { PageHeader } from '@/components/ui/page-header';
import { FlowsManager } from '@/components/kyc/flows-manager';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('kyc.flows');
  return { title: t('title') };
}

export default async function KycFlowsPage() {
  const { tenantId } = await requireUser({ roles: ['admin', 'officer'] });
  const t = await getTranslations('kyc.flows');
  const { data } = await listFlows({ tenantId, page: { page: 1, size: MAX_PAGE_SIZE } });
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <FlowsManager flows={data} canEdit />
    </>
  );
}
