import type { Metadata } from 'next';
import { ArrowRight } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { getEntityCounts } from '@/lib/entities/get-entity-counts';
import { getMyWorkCounts, getWorklistCounts } from '@/lib/entities/get-worklist-counts';
import { Link } from '@/lib/i18n/navigation';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { StatList } from '@/components/dashboard/stat-list';
import { buttonClass } from '@/components/ui/button';
import { WatchlistCoverageNotice } from '@/components/screening/watchlist-coverage';
import { coverageGaps, getWatchlistStatus } from '@/lib/screening/list-status';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('dashboard');
  return { title: t('title') };
}

const ROLES = ['Client', 'Prospect', 'Screening'] as const;
const STATUSES = ['Active', 'Blocked', 'Deactivated', 'Deceased'] as const;

/** Look a count up whatever the case of the key the service used (`client` or `Client`). */
function countOf(counts: Record<string, number> | undefined, key: string): number {
  if (!counts) return 0;
  return counts[key] ?? counts[key.toLowerCase()] ?? 0;
}

export default async function DashboardPage() {
  const { tenantId, user } = await requireUser({ roles: ['admin', 'officer', 'rm'] });
  const locale = await getLocale();
  const t = await getTranslations();
  const counts = (await getEntityCounts({ tenantId })) as {
    byRole: Record<string, number>;
    byStatus: Record<string, number>;
    pendingBankAccountReviews: number;
  };
  const worklists = await getWorklistCounts({ tenantId });
  const reviewer = user.role !== 'rm';
  // Cases and alerts are assigned to officers and administrators only.
  const myWork = reviewer ? await getMyWorkCounts({ tenantId, userId: user.id }) : null;
  const worklistRows: { key: keyof typeof worklists; href?: string }[] = [
    { key: 'pendingIdentityVerifications', href: '/entities?worklist=pendingIdentity' },
    { key: 'expiringIdentities', href: '/entities?worklist=expiringIdentity' },
    { key: 'pendingKycReviews', href: '/entities?worklist=kycReview' },
    { key: 'pendingBankAccountReviews', href: reviewer ? '/bank-accounts/review' : undefined },
    { key: 'pendingRelationshipApprovals', href: reviewer ? '/relationships/approvals' : undefined },
    { key: 'openScreeningCases', href: reviewer ? '/cases?kind=Screening' : undefined },
    { key: 'openMonitoringCases', href: reviewer ? '/cases?kind=TransactionMonitoring' : undefined },
    { key: 'openAlerts', href: reviewer ? '/alerts' : undefined },
  ];
  const lists = await getWatchlistStatus({ tenantId });
  const total = ROLES.reduce((sum, role) => sum + countOf(counts.byRole, role), 0);
  const number = new Intl.NumberFormat(locale);

  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <WatchlistCoverageNotice gaps={coverageGaps(lists.data, new Date())} locale={locale} />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Card title={t('dashboard.worklists')} id="worklists">
          <StatList
            locale={locale}
            rows={worklistRows.map((row) => ({
              key: row.key,
              label: t(`dashboard.${row.key}`),
              value: worklists[row.key],
              href: row.href,
            }))}
          />
        </Card>
        {myWork ? (
          <Card title={t('dashboard.myWork')} id="my-work">
            <StatList
              locale={locale}
              rows={[
                { key: 'myOpenCases', label: t('dashboard.myOpenCases'), value: myWork.myOpenCases, href: '/cases?assignee=me' },
                { key: 'myOpenAlerts', label: t('dashboard.myOpenAlerts'), value: myWork.myOpenAlerts, href: '/alerts?assignee=me' },
              ]}
            />
          </Card>
        ) : null}
        <Card title={t('dashboard.byRole')} id="by-role">
          <StatList
            locale={locale}
            rows={[
              ...ROLES.map((role) => ({
                key: role,
                label: t(`enums.role.${role}`),
                value: countOf(counts.byRole, role),
                href: `/entities?role=${role.toLowerCase()}`,
              })),
              { key: 'total', label: <strong>{t('dashboard.total')}</strong>, value: total },
            ]}
          />
        </Card>
        <Card title={t('dashboard.byStatus')} id="by-status">
          <StatList
            locale={locale}
            rows={STATUSES.map((status) => ({
              key: status,
              label: t(`enums.status.${status}`),
              value: countOf(counts.byStatus, status),
              href: `/entities?status=${status}`,
            }))}
          />
        </Card>
        <Card title={t('dashboard.pendingReviews')} id="pending">
          <p className="text-4xl font-semibold tabular-nums text-slate-900" data-testid="pending-reviews">
            {number.format(counts.pendingBankAccountReviews ?? 0)}
          </p>
          {user.role !== 'rm' ? (
            <Link href="/bank-accounts/review" className={`${buttonClass('secondary', 'sm')} mt-4`}>
              {t('dashboard.openQueue')}
              <ArrowRight aria-hidden className="size-4 rtl:-scale-x-100" />
            </Link>
          ) : null}
        </Card>
      </div>
    </>
  );
}
