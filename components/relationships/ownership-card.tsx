import { getTranslations } from 'next-intl/server';
import { Card } from '@/components/ui/card';
import { OwnershipDiagram } from './ownership-diagram';
import { partyName, type BeneficialOwner, type OwnershipDiagramData } from './relationship-types';

/** A name inside a sentence, isolated (FSI … PDI) so a Latin name in Arabic text keeps its own direction. */
const isolate = (name: string | undefined) => (name ? `\u2068${name}\u2069` : '');

/**
 * An organization's ownership: its beneficial owners (with every chain counted), the diagram, and
 * the same edges as text for screen readers and print.
 */
export async function OwnershipCard({
  data,
  owners,
  threshold,
  locale,
  subjectName,
}: {
  data: OwnershipDiagramData;
  owners: BeneficialOwner[];
  threshold: string;
  locale: string;
  subjectName: string;
}) {
  const t = await getTranslations('relationships.graph');
  const names = new Map(data.nodes.map((node) => [node.id, partyName(locale, node)]));
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const percent = (value: string) => number.format(Number(value));
  const uboLabel = Object.fromEntries(owners.map((owner) => [owner.entityId, `${t('ubo')} · ${t('effective', { percent: percent(owner.effectivePercent) })}`]));
  return (
    <Card title={t('title')} id="ownership">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{t('threshold', { threshold: percent(threshold) })}</p>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{t('owners')}</h3>
          {owners.length === 0 ? (
            <p className="text-sm text-slate-600">{t('noOwners', { threshold: percent(threshold) })}</p>
          ) : (
            <ul className="mt-1 flex flex-col gap-2" data-testid="beneficial-owners">
              {owners.map((owner) => (
                <li key={owner.entityId} className="text-sm">
                  <span className="font-medium text-slate-900">
                    <bdi>{partyName(locale, owner)}</bdi>
                  </span>{' '}
                  — {t('effective', { percent: percent(owner.effectivePercent) })}
                  <ul className="text-xs text-slate-600">
                    {owner.paths.map((path) => (
                      <li key={path.entityIds.join('>')}>
                        {t('paths')}{' '}
                        {path.entityIds.map((id, index) => (
                          <span key={id}>
                            {index ? <span aria-hidden>{locale === 'ar' ? ' ← ' : ' → '}</span> : null}
                            <bdi>{names.get(id) ?? id}</bdi>
                          </span>
                        ))}{' '}
                        ({path.effectivePercent === null ? t('unknown') : `${percent(path.effectivePercent)}%`})
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </div>
        {data.edges.length === 0 ? (
          <p className="text-sm text-slate-600">{t('empty')}</p>
        ) : (
          <>
            <OwnershipDiagram
              data={data}
              locale={locale}
              label={t('diagramLabel', { name: subjectName })}
              scrollHint={t('scrollHint')}
              uboLabel={uboLabel}
              unknownShare={t('unknown')}
            />
            <p className="text-xs text-slate-600">{t('legend')}</p>
            <details className="text-sm">
              <summary className="cursor-pointer text-brand-700">{t('diagramLabel', { name: subjectName })}</summary>
              <ul className="mt-1 list-disc ps-5 text-slate-700" data-testid="ownership-edges">
                {data.edges.map((edge) => (
                  <li key={edge.relationshipId}>
                    {edge.ownershipPercent === null
                      ? t('edgeUnknown', { owner: isolate(names.get(edge.ownerId)), owned: isolate(names.get(edge.ownedId)) })
                      : t('edge', {
                          owner: isolate(names.get(edge.ownerId)),
                          owned: isolate(names.get(edge.ownedId)),
                          percent: percent(edge.ownershipPercent),
                        })}
                  </li>
                ))}
              </ul>
            </details>
          </>
        )}
      </div>
    </Card>
  );
}
