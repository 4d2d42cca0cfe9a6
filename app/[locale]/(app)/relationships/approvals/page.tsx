import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { listRelationships } from '@/lib/relationships/list-relationships';
import { listRelationshipsQuery, RELATIONSHIP_TYPES } from '@/lib/relationships/schemas';
import { Link } from '@/lib/i18n/navigation';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { Badge, toneOfStatus } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { DateTimeText } from '@/components/ui/dates';
import { ApprovalActions } from '@/components/relationships/approval-actions';
import { DecisionReason } from '@/components/relationships/decision-reason';
import { partyName } from '@/components/relationships/relationship-types';

const VIEWS = {
  pending: { approvalStatus: 'PendingTargetApproval' },
  expired: { approvalStatus: 'Expired' },
  decided: { decidedWithinDays: 30 },
  all: {},
} as const;
type View = keyof typeof VIEWS;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('relationships.queue');
  return { title: t('title') };
}

export default async function RelationshipApprovalsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { tenantId } = await requireUser({ roles: ['admin', 'officer'] });
  const params = await searchParams;
  const locale = await getLocale();
  const t = await getTranslations('relationships');
  const tc = await getTranslations('common');
  const one = (key: string) => (typeof params[key] === 'string' && params[key] ? (params[key] as string) : undefined);
  const view: View = (one('view') as View) in VIEWS ? (one('view') as View) : 'pending';
  const parsed = listRelationshipsQuery.safeParse({ page: one('page'), type: one('type'), q: one('q'), ...VIEWS[view] });
  const query = parsed.success ? parsed.data : listRelationshipsQuery.parse(VIEWS[view]);
  const { meta, data } = await listRelationships({ tenantId, query });
  const link = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries({ view, type: query.type, q: query.q, ...changes })) if (value) next.set(key, String(value));
    return `/relationships/approvals?${next}`;
  };

  return (
    <>
      <PageHeader title={t('queue.title')} description={t('queue.description')} />
      <nav aria-label={t('queue.status')} className="mb-4 flex flex-wrap gap-2">
        {(Object.keys(VIEWS) as View[]).map((key) => (
          <Link
            key={key}
            href={link({ view: key, page: undefined })}
            aria-current={key === view ? 'page' : undefined}
            className={buttonClass(key === view ? 'primary' : 'secondary', 'sm')}
          >
            {t(`queue.views.${key}`)}
          </Link>
        ))}
      </nav>
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label={t('queue.filters')}>
        <input type="hidden" name="view" value={view} />
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-type" className="text-sm font-medium text-slate-800">
            {t('queue.type')}
          </label>
          <Select id="filter-type" name="type" defaultValue={query.type ?? ''}>
            <option value="">{t('queue.anyType')}</option>
            {RELATIONSHIP_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`type.${type}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <label htmlFor="filter-q" className="text-sm font-medium text-slate-800">
            {t('queue.search')}
          </label>
          <Input id="filter-q" name="q" defaultValue={query.q ?? ''} />
        </div>
        <button type="submit" className={buttonClass('secondary')}>
          {t('queue.apply')}
        </button>
      </form>

      {data.length === 0 ? (
        <Card>
          {/* Filters that find nothing say so; a view that is simply empty says what it holds. */}
          <p className="text-sm text-slate-600" data-testid="approval-queue-empty">
            {query.type || query.q ? t('queue.empty') : t(`queue.emptyViews.${view}`)}
          </p>
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="approval-queue">
          {data.map((relationship) => {
            const target = partyName(locale, relationship.targetEntity);
            const source = partyName(locale, relationship.sourceEntity);
            const pending = relationship.approvalStatus === 'PendingTargetApproval';
            return (
              <li key={relationship.id} data-testid={`relationship-${relationship.id}`}>
                <Card>
                  <div className="flex flex-col gap-4 lg:flex-row lg:justify-between">
                    <div className="flex min-w-0 flex-col gap-2">
                      <p className="text-base font-medium text-slate-900">
                        <Link href={`/entities/${relationship.targetEntityId}`} className="text-brand-700 underline-offset-2 hover:underline">
                          <bdi>{target}</bdi>
                        </Link>{' '}
                        <span className="text-slate-700">{t(`isPhrase.${relationship.type}`)}</span>{' '}
                        <Link href={`/entities/${relationship.sourceEntityId}`} className="text-brand-700 underline-offset-2 hover:underline">
                          <bdi>{source}</bdi>
                        </Link>
                      </p>
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge tone={toneOfStatus(relationship.approvalStatus)}>{t(`approvalStatus.${relationship.approvalStatus}`)}</Badge>
                        <Badge>{t(`type.${relationship.type}`)}</Badge>
                        {relationship.ownershipPercent ? <Badge tone="info">{`${relationship.ownershipPercent}%`}</Badge> : null}
                      </div>
                      <p className="text-sm text-slate-700">
                        {relationship.invitation ? (
                          <>
                            {t.rich('queue.sentTo', { email: relationship.invitation.recipient, e: (chunks) => <span dir="ltr">{chunks}</span> })} ·{' '}
                            <DateTimeText locale={locale} value={relationship.invitation.sentAt} /> ·{' '}
                            {relationship.invitation.usedAt ? t('queue.used') : t('queue.expires')}{' '}
                            <DateTimeText locale={locale} value={relationship.invitation.usedAt ?? relationship.invitation.expiresAt} />
                          </>
                        ) : (
                          t('queue.noInvitation')
                        )}
                      </p>
                      {relationship.decision ? (
                        <p className="text-sm text-slate-700" data-testid="decision">
                          {t('section.decision')}: {t(`approvalStatus.${relationship.approvalStatus}`)} {t(`decidedBy.${relationship.decision.by}`)} ·{' '}
                          <DateTimeText locale={locale} value={relationship.decision.at} />
                          {relationship.decision.reason ? (
                            <>
                              {' '}
                              · <DecisionReason decision={relationship.decision} />
                            </>
                          ) : null}
                        </p>
                      ) : null}
                    </div>
                    {pending || relationship.approvalStatus === 'Expired' ? (
                      <ApprovalActions
                        relationshipId={relationship.id}
                        party={target}
                        canDecide={pending}
                        canResend={Boolean(relationship.targetEntity.email)}
                      />
                    ) : null}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {meta.totalPages > 1 ? (
        <nav aria-label={t('queue.title')} className="mt-4 flex items-center gap-3 text-sm">
          {meta.page > 1 ? <Link href={link({ page: String(meta.page - 1) })}>{tc('previous')}</Link> : null}
          <span>{tc('pageOf', { page: meta.page, total: meta.totalPages })}</span>
          {meta.page < meta.totalPages ? <Link href={link({ page: String(meta.page + 1) })}>{tc('next')}</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
