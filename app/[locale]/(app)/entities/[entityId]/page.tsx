import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ArrowLeft, Pencil } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { listEntityHistory } from '@/lib/audit/list-audit-events';
import { DEFAULT_HISTORY_PAGE } from '@/lib/audit/schemas';
import { requireUser } from '@/lib/auth/session';
import { orNotFound } from '@/lib/http/page-data';
import { getEntity } from '@/lib/entities/get-entity';
import { ENTITY_STATUSES } from '@/lib/entities/schemas';
import { isAllowedTransition, type EntityStatusValue } from '@/lib/entities/update-client-status';
import { Link } from '@/lib/i18n/navigation';
import { Badge, toneOfStatus } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AuditTimeline } from '@/components/entities/audit-timeline';
import { ChangeStatus } from '@/components/entities/change-status';
import { displayName } from '@/components/entities/entity-types';
import type { EntityProfile } from '@/components/entities/profile-types';
import { ProfileSections } from '@/components/entities/profile-sections';
import { getOwnershipGraph } from '@/lib/relationships/ownership-graph';
import { OwnershipCard } from '@/components/relationships/ownership-card';
import { RetentionPanel } from '@/components/entities/retention-panel';
import { getRetentionState } from '@/lib/privacy/erasure';
import { getKycDetails } from '@/lib/kyc/kyc-details';
import { KycCard } from '@/components/kyc/kyc-card';
import { EntityTransactions } from '@/components/transactions/entity-transactions';
import { EntityScreening } from '@/components/cases/entity-screening';

const RISK_TONE = { Low: 'good', Medium: 'warn', High: 'bad' } as const;
const SCREENING_TONE = { NotScreened: 'neutral', Clear: 'good', PendingReview: 'warn', Hit: 'bad' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Another tenant's id, an unknown id and a malformed id all look the same: not found. */
async function loadEntity(tenantId: string, entityId: string): Promise<EntityProfile> {
  if (!UUID.test(entityId)) notFound();
  return orNotFound(getEntity({ tenantId, entityId }));
}

export async function generateMetadata({ params }: { params: Promise<{ entityId: string }> }): Promise<Metadata> {
  const t = await getTranslations('entities');
  await params;
  return { title: t('title') };
}

/** The list's own query string (from the list's profile link), never a path: the back link stays on /entities. */
function backToListHref(back: string | string[] | undefined): string {
  if (typeof back !== 'string' || back.length > 1000) return '/entities';
  const query = new URLSearchParams(back);
  const kept = new URLSearchParams();
  for (const key of ['q', 'role', 'status', 'type', 'worklist', 'sort', 'page']) {
    const value = query.get(key);
    if (value) kept.set(key, value);
  }
  return kept.size ? `/entities?${kept.toString()}` : '/entities';
}

export default async function EntityProfilePage({
  params,
  searchParams,
}: {
  params: Promise<{ entityId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { entityId } = await params;
  const { back, saved } = await searchParams;
  const { tenantId, user } = await requireUser({ roles: ['admin', 'officer', 'rm'] });
  const locale = await getLocale();
  const [entity, history, kyc] = await Promise.all([
    loadEntity(tenantId, entityId),
    UUID.test(entityId)
      ? orNotFound(listEntityHistory({ tenantId, entityId, size: DEFAULT_HISTORY_PAGE, includeScreening: user.role !== 'rm' }))
      : { data: [], nextCursor: null },
    UUID.test(entityId) ? orNotFound(getKycDetails({ tenantId, entityId })) : null,
  ]);
  const retention = await orNotFound(getRetentionState({ tenantId, entityId }));
  const t = await getTranslations();
  const name = displayName(locale, entity) ?? t('entities.unnamed');
  const ownership = entity.type === 'Organization' ? await getOwnershipGraph({ tenantId, entityId }) : null;
  const otherName = locale === 'ar' ? entity.nameEn : entity.nameAr;
  const isClient = !entity.role || entity.role.toLowerCase() === 'client';
  const canReview = user.role === 'admin' || user.role === 'officer';
  const canChange = isClient && canReview;
  const risk = entity.kyc?.scores[0]?.riskLevel;

  return (
    <div className="flex flex-col gap-4">
      <Link href={backToListHref(back)} className="inline-flex items-center gap-1 self-start text-sm text-brand-700 underline-offset-2 hover:underline">
        <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
        {t('profile.backToList')}
      </Link>
      {saved === '1' ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="saved-notice">
          {t('entityForm.saved')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words text-slate-900" data-testid="entity-name">
            {name}
          </h1>
          {otherName && otherName !== name ? (
            <p className="text-slate-600">
              {/* Isolated, so the other script keeps its own direction but the line stays at the page's start. */}
              <bdi lang={locale === 'ar' ? 'en' : 'ar'}>{otherName}</bdi>
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-2">
            {entity.role ? <Badge tone="info">{t(`enums.role.${entity.role}`)}</Badge> : null}
            {entity.type ? <Badge>{t(`enums.type.${entity.type}`)}</Badge> : null}
            {entity.status ? (
              <span data-testid="entity-status">
                <Badge tone={toneOfStatus(entity.status)}>{t(`enums.status.${entity.status}`)}</Badge>
              </span>
            ) : null}
          </div>
          {/* What an officer decides on first: the risk level and the screening result. */}
          <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm" data-testid="risk-summary">
            <div className="flex items-center gap-2">
              <dt className="text-slate-600">{t('entities.riskLevel')}</dt>
              <dd>{risk ? <Badge tone={RISK_TONE[risk]}>{t(`enums.riskLevel.${risk}`)}</Badge> : <span className="text-slate-600">—</span>}</dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="text-slate-600">{t('entities.screening')}</dt>
              <dd>
                <Badge tone={SCREENING_TONE[entity.screeningStatus]}>{t(`enums.screeningStatus.${entity.screeningStatus}`)}</Badge>
              </dd>
            </div>
          </dl>
        </div>
        {/* Editing recorded data is for compliance (the PATCH route's roles): relationship managers see no action. */}
        {canReview ? (
          <Link href={`/entities/${entity.id}/edit`} className={buttonClass('secondary', 'sm')} data-testid="edit-entity">
            <Pencil aria-hidden className="size-4" />
            {t('profile.edit')}
          </Link>
        ) : null}
      </div>

      <div className="grid gap-4 xl:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 xl:col-span-2">
          <ProfileSections
            entity={entity}
            locale={locale}
            canDecide={canReview}
            canEdit
            kycCard={
              kyc ? (
                <KycCard
                  details={kyc}
                  locale={locale}
                  viewerRole={user.role}
                  entityRole={entity.role}
                  profile={{
                    nationalityCode: entity.nationality?.twoCode ?? entity.nationalityCode ?? null,
                    dob: entity.dob ?? null,
                    screeningOpen: entity.reviewStatus.isUnderReview,
                  }}
                />
              ) : undefined
            }
            screening={
              canReview ? (
                <Card title={t('cases.screeningTab')} id="screening-tab">
                  <EntityScreening entityId={entity.id} screeningStatus={entity.screeningStatus} reviewStatus={entity.reviewStatus} canScreen />
                </Card>
              ) : null
            }
          />
          {ownership ? (
            <OwnershipCard
              data={{ subjectId: entity.id, nodes: ownership.nodes, edges: ownership.edges.map((e) => ({ ...e, relationshipId: e.relationshipId! })) }}
              owners={entity.beneficialOwners ?? []}
              threshold={ownership.threshold}
              locale={locale}
              subjectName={name}
            />
          ) : null}
          <EntityTransactions entityId={entity.id} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          {canChange && entity.status ? (
            <Card title={t('profile.changeStatus')} id="change-status">
              <ChangeStatus
                entityId={entity.id}
                current={entity.status}
                clientEmail={entity.email ?? null}
                options={ENTITY_STATUSES.filter((to) => isAllowedTransition(entity.status as EntityStatusValue, to))}
              />
            </Card>
          ) : null}
          <Card title={t('profile.personalData')} id="personal-data">
            <RetentionPanel entityId={entity.id} state={retention} locale={locale} canAct={user.role === 'admin' || user.role === 'officer'} />
          </Card>
          <Card title={t('profile.audit')} id="audit">
            <AuditTimeline entityId={entity.id} initial={history} />
          </Card>
        </div>
      </div>
    </div>
  );
}
