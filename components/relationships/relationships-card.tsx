import { getTranslations } from 'next-intl/server';
import { Badge, toneOfStatus } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DateTimeText } from '@/components/ui/dates';
import { Link } from '@/lib/i18n/navigation';
import { DecisionReason } from './decision-reason';
import { partyName, validityText, type Relationship } from './relationship-types';

/**
 * The profile's relationships, both directions: where this entity is the source ("its
 * shareholders, directors, guardian") and where it is the target ("it is a shareholder of …"),
 * each with its status, validity, share, documents, notes and decision.
 */
export async function RelationshipsCard({ entityId, relationships, locale }: { entityId: string; relationships: Relationship[]; locale: string }) {
  const t = await getTranslations('relationships');
  return (
    <Card title={t('section.title')} id="relationships">
      {relationships.length === 0 ? (
        <p className="text-sm text-slate-600">{t('section.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200" data-testid="relationship-list">
          {relationships.map((relationship) => {
            const outgoing = relationship.sourceEntityId === entityId;
            const other = outgoing ? relationship.targetEntity : relationship.sourceEntity;
            const role = t(`type.${relationship.type}`) + (relationship.subType ? ` (${t(`subType.${relationship.subType}`)})` : '');
            return (
              <li key={relationship.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0" data-testid={`profile-relationship-${relationship.id}`}>
                <div className="flex flex-wrap items-center gap-2">
                  {outgoing ? null : <span className="text-sm text-slate-700">{t(`isPhrase.${relationship.type}`)}</span>}
                  <Link href={`/entities/${other.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                    <bdi>{partyName(locale, other)}</bdi>
                  </Link>
                  {outgoing ? <span className="text-sm text-slate-700">{role}</span> : null}
                  <Badge tone={toneOfStatus(relationship.approvalStatus)}>{t(`approvalStatus.${relationship.approvalStatus}`)}</Badge>
                  {relationship.ownershipPercent ? <Badge tone="info">{`${relationship.ownershipPercent}%`}</Badge> : null}
                </div>
                <p className="text-xs text-slate-600" data-testid="validity">
                  {t('section.validity')}: {validityText(t, locale, relationship)}
                </p>
                {relationship.decision ? (
                  <p className="text-xs text-slate-600">
                    {t('section.decision')}: {t(`decidedBy.${relationship.decision.by}`)} · <DateTimeText locale={locale} value={relationship.decision.at} />
                    {relationship.decision.reason ? (
                      <>
                        {' '}
                        · <DecisionReason decision={relationship.decision} />
                      </>
                    ) : null}
                  </p>
                ) : null}
                {relationship.attachments.length ? (
                  <p className="text-xs text-slate-700">
                    {t('section.documents')}:{' '}
                    {relationship.attachments.map((attachment, index) => (
                      <span key={attachment.id}>
                        {index ? ', ' : ''}
                        <a href={`/services/crm/attachments/${attachment.id}/content`} className="text-brand-700 underline underline-offset-2">
                          <bdi>{attachment.name}</bdi>
                        </a>
                      </span>
                    ))}
                  </p>
                ) : null}
                {relationship.notes.length ? (
                  <ul className="text-xs text-slate-700">
                    {relationship.notes.map((note) => (
                      <li key={note.id}>
                        {t('section.notes')}: <bdi className="font-medium">{note.title}</bdi> — <bdi>{note.description}</bdi>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
